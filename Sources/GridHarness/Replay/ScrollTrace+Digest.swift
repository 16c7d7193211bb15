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
            for byte in event.change.typeName.utf8 { add(Int(byte)) }
            switch event.change {
            case .resize(let size):
                add(size.width)
                add(size.height)
            case .insertItems(let section, let item, let count, let sizes):
                for value in [section, item, count] { add(value) }
                for size in sizes ?? [] {
                    add(size.width)
                    add(size.height)
                }
            case .deleteItems(let section, let item, let count):
                for value in [section, item, count] { add(value) }
            case .insertSections(let section, let counts, let sizes):
                add(section)
                for count in counts { add(count) }
                for size in sizes ?? [] {
                    add(size.width)
                    add(size.height)
                }
            case .deleteSections(let section, let count):
                add(section)
                add(count)
            case .moveItem(let from, let to):
                for value in [from.section, from.item, to.section, to.item] { add(value) }
            case .reload:
                break
            case .layoutEdit(let operation):
                // The layout's codec hashes its own fields, as the trace format writes them.
                operation.digest(into: add)
            }
        }
        return hash
    }
}
