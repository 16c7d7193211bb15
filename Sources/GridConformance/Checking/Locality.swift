import GridCore

/// Law 10, locality: what a layout that declares `LayoutTraits.measurementLocality` placed
/// before it was told a measurement, against what it places after.
struct Locality {
    /// The first item of the line of the batch's earliest item: every element before it in
    /// the data's order must keep its frame.
    let lineStart: ItemPath
    /// The earliest measured item.
    let firstMeasured: ItemPath
    /// How many items the batch measured.
    let measured: Int
    /// What the layout declared.
    let declared: MeasurementLocality
    /// The elements before `lineStart` that the layout placed before the measurement, by ID.
    let before: [ElementID: LayoutAttributes]

    /// The check to make when `layout`, about to be told `invalidation` (taking it from
    /// `oldContainer` to `newContainer`), declares locality and is told a measurement with
    /// its container kept; `nil` otherwise, at no cost beyond reading its traits.
    init?<L: GridLayout>(_ layout: L, invalidation: Invalidation?, oldContainer: Size, newContainer: Size) {
        guard let declared = layout.traits.measurementLocality else { return nil }
        self.init(declared: declared, invalidation: invalidation, oldContainer: oldContainer, newContainer: newContainer) {
            layout.elements(in: ProbePlan.huge)
        }
    }

    /// The check to make when a layout that declared `declared`, placing `elements()` over
    /// its whole content, is told `invalidation` (taking it from `oldContainer` to
    /// `newContainer`): `nil` unless that is a measurement with the container kept, and then
    /// `elements` is not called. An answer file's cases come this way: the instance's last
    /// case's declaration and whole-content answer.
    init?(
        declared: MeasurementLocality, invalidation: Invalidation?, oldContainer: Size, newContainer: Size,
        elements: () -> [LayoutAttributes]
    ) {
        guard let invalidation, invalidation.container == .unchanged, oldContainer == newContainer,
              case .edited(.setItemSizes(let batch)) = invalidation.data,
              let first = batch.lazy.map(\.path).min()
        else { return nil }
        let lineStart = declared.lineStart(of: first)
        self.lineStart = lineStart
        self.firstMeasured = first
        self.measured = batch.count
        self.declared = declared
        self.before = Self.preceding(elements(), lineStart: lineStart)
    }

    /// The elements of `elements` before `lineStart` in the data's order, by ID.
    static func preceding(_ elements: [LayoutAttributes], lineStart: ItemPath) -> [ElementID: LayoutAttributes] {
        var result: [ElementID: LayoutAttributes] = [:]
        for element in elements where MeasurementLocality.precedes(element.kind, at: element.path, lineStart: lineStart) {
            result[element.id] = element
        }
        return result
    }

    /// One element before the line that moved, appeared or vanished.
    struct Finding {
        var id: ElementID
        var before: LayoutAttributes?
        var after: LayoutAttributes?
    }

    /// Every element before the line whose frame differs (bit for bit) between before and
    /// `after`, the whole content the layout places after the measurement, or that is in one
    /// and not the other; in `ElementID` order.
    func findings(after: [LayoutAttributes]) -> [Finding] {
        let now = Self.preceding(after, lineStart: lineStart)
        var found: [Finding] = []
        for (id, old) in before {
            guard let new = now[id] else {
                found.append(Finding(id: id, before: old, after: nil))
                continue
            }
            if !new.isIdentical(to: old) { found.append(Finding(id: id, before: old, after: new)) }
        }
        for (id, new) in now where before[id] == nil {
            found.append(Finding(id: id, before: nil, after: new))
        }
        return found.sorted { $0.id < $1.id }
    }

    /// Checks `layout`, told the measurement, under law 10 into `sink`, one occurrence per
    /// element that moved, the first (in `ElementID` order) in full.
    func check<L: GridLayout>(_ layout: L, sink: inout ViolationSink) {
        check(after: layout.elements(in: ProbePlan.huge), sink: &sink)
    }

    /// Checks `after`, every element the layout places once told the measurement, under
    /// law 10 into `sink`, one occurrence per element that moved, the first (in `ElementID`
    /// order) in full; `declaration` names where the layout declared locality.
    func check(after: [LayoutAttributes], declaration: String = "traits.measurementLocality", sink: inout ViolationSink) {
        let findings = findings(after: after)
        let line = declared == .item ? "the item itself" : "its line (\(declared)) starting at \(lineStart)"
        let told = "told that \(measured == 1 ? "1 item" : "\(measured) items") changed size (DataEdit.setItemSizes), the earliest \(firstMeasured)"
        for finding in findings {
            sink.report(.locality, .movedBeforeMeasured) {
                let what: String
                switch (finding.before, finding.after) {
                case (let old?, let new?): what = "moved \(finding.id) from \(old.frame) to \(new.frame)"
                case (_?, nil): what = "no longer places \(finding.id)"
                default: what = "places \(finding.id), which it did not place before"
                }
                return (.element(finding.id),
                        "\(told), the layout \(what), which comes before \(line) in the data's order (\(declaration) declares that nothing before it moves)",
                        .attributes(finding.before), .attributes(finding.after))
            }
        }
    }
}
