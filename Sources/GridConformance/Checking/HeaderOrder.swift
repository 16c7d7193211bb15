import GridCore

/// Law 3 on a declaration: a layout that declares its section headers in order
/// (`LayoutTraits.sectionHeadersInOrder`) places a header with a finite frame
/// for every section, each at or below the one before, and so do both ends of each
/// header's pin band (`min(minY, limit − height)` and `max(maxY, limit)`, `limit` the next
/// header's `minY` or the content height). A viewport finds pinned headers by binary search
/// on the strength of it.
enum HeaderOrder {
    /// Reports to `sink` the first section that breaks the declaration; nothing when the
    /// layout does not declare it.
    static func check(_ layout: some GridLayout, data: DataShape, sink: inout ViolationSink) {
        guard layout.traits.sectionHeadersInOrder else { return }
        let sections = data.sectionCount
        var headers: [Rect] = []
        headers.reserveCapacity(sections)
        for section in 0 ..< sections {
            let id = ElementID(kind: .sectionHeader, path: ItemPath(section: section, item: 0))
            guard let header = layout.supplementary(.sectionHeader, section: section), header.frame.isFinite else {
                sink.report(.validity, .headersOutOfOrder) {
                    (.element(id), "the layout declares its section headers in order (traits.sectionHeadersInOrder), but section \(section) places no header with a finite frame",
                     .text("a header with a finite frame for every section"), .attributes(layout.supplementary(.sectionHeader, section: section)))
                }
                return
            }
            headers.append(header.frame)
        }
        let contentEnd = layout.contentSize.height
        var previous: (top: Double, low: Double, high: Double)?
        for (section, frame) in headers.enumerated() {
            // The last header pins until the content's end; a content too short for it is
            // law 4's to report, not this declaration's.
            let limit = section + 1 < sections ? headers[section + 1].minY : max(contentEnd, frame.maxY)
            let band = (top: frame.minY, low: min(frame.minY, limit - frame.height), high: max(frame.maxY, limit))
            if let before = previous, !(before.top <= band.top && before.low <= band.low && before.high <= band.high) {
                let id = ElementID(kind: .sectionHeader, path: ItemPath(section: section, item: 0))
                sink.report(.validity, .headersOutOfOrder) {
                    (.element(id), "the layout declares its section headers in order (traits.sectionHeadersInOrder), but section \(section)'s header (minY \(band.top), pin band \(band.low)..<\(band.high)) comes before section \(section - 1)'s (minY \(before.top), pin band \(before.low)..<\(before.high))",
                     .text("minY and pin band at or after section \(section - 1)'s"), .text("minY \(band.top), pin band \(band.low)..<\(band.high)"))
                }
                return
            }
            previous = band
        }
    }
}
