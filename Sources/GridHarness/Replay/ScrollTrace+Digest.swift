import GridCore

extension ScrollTrace {
    /// A 64-bit fingerprint of everything a replay depends on: refresh rate, viewport,
    /// every offset's bits and every event. A fixture records it, so that a fixture
    /// recorded for another version of a trace is refused instead of failing every frame.
    public var contentDigest: UInt64 {
        var hash: UInt64 = 0x6772_6964_6265_6E63  // "gridbenc"
        func add(_ value: UInt64) { hash = SeededRandom.mix(hash ^ value) }
        func add(_ value: Double) { add(value.bitPattern) }
        func add(_ value: Int) { add(UInt64(bitPattern: Int64(value))) }
        add(refreshHz)
        add(viewport.width)
        add(viewport.height)
        add(offsets.count)
        for offset in offsets {
            add(offset.x)
            add(offset.y)
        }
        add(events.count)
        for event in events {
            add(event.frame)
            event.change.digest(into: add)
        }
        return hash
    }
}
