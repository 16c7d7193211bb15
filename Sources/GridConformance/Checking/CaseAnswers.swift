import GridCore

/// Everything one prepared layout answered to one ``ProbePlan``, in the plan's order.
///
/// The in-process suite fills it by querying the layout; the query/answer protocol reads
/// it from an answer file. Every law check works on this, so both are checked alike.
struct CaseAnswers: Hashable, Sendable {
    var contentSize: Size
    /// One answer per plan rect.
    var rects: [[LayoutAttributes]]
    /// One answer per plan item path.
    var items: [LayoutAttributes?]
    /// One answer per supplementary request.
    var supplementary: [LayoutAttributes?]
    /// The supplementary path spaces the layout declared for this configuration: where its
    /// supplementary answers may lie (law 3).
    var supplementaries: [SupplementaryPaths]
    /// The display position of each per-item answer, one per plan item path (`nil` where none
    /// was given); empty when none was given at all.
    var itemPlacements: [GridPlacement?] = []
    /// The display position of each element of each rect answer, parallel to ``rects``;
    /// `nil` unless an answer file gave some (the in-process suite asks
    /// `GridLayout.gridPlacement(of:)`, one function of the path, per item).
    var rectPlacements: [[GridPlacement?]]?
    /// What the layout declared for law 9 in this configuration; `nil` when nothing.
    var tightness: ContentTightness? = nil

    /// These answers with only the rect answers at `indices`, in that order.
    func keepingRects(_ indices: [Int]) -> CaseAnswers {
        var kept = self
        kept.rects = indices.map { rects[$0] }
        kept.rectPlacements = rectPlacements.map { placements in indices.map { placements[$0] } }
        return kept
    }
}

extension GridLayout {
    /// This layout's answers to every query of `plan`, each rect query into an emptied
    /// buffer and kept as a copy of its exact size.
    ///
    /// The copy matters: keeping the buffer itself would share its storage, and emptying a
    /// shared buffer "keeping capacity" allocates a new one as large as the largest answer so
    /// far (the whole content's, thousands of elements) for every later query. Under
    /// AddressSanitizer each of those large blocks is mapped, filled and unmapped: that was
    /// most of the conformance suites' time there.
    func answers(to plan: ProbePlan) -> CaseAnswers {
        var buffer: [LayoutAttributes] = []
        var rects: [[LayoutAttributes]] = []
        rects.reserveCapacity(plan.rects.count)
        for rect in plan.rects {
            buffer.removeAll(keepingCapacity: true)
            elements(in: rect, into: &buffer)
            var answer: [LayoutAttributes] = []
            answer.reserveCapacity(buffer.count)
            answer.append(contentsOf: buffer)
            rects.append(answer)
        }
        let placements = plan.items.map { gridPlacement(of: $0) }
        return CaseAnswers(
            contentSize: contentSize,
            rects: rects,
            items: plan.items.map { attributes(at: $0) },
            supplementary: plan.supplementary.map { supplementary($0.kind, at: $0.path) },
            supplementaries: traits.supplementaries,
            itemPlacements: placements.contains { $0 != nil } ? placements : [],
            tightness: traits.tightness)
    }
}

/// The brute-force answer to a rect query: the elements of the whole-content answer whose
/// frames intersect the rect, by `Rect.intersects`.
///
/// Elements are kept sorted by `minY` with a running maximum of `maxY`, so that only the
/// elements that can meet a rect are tested; every one of those is tested with
/// `Rect.intersects` itself, and the ones skipped provably fail it (`minY ≥ rect.maxY`, or
/// `maxY ≤ rect.minY`).
struct ExpectedElements {
    /// Unique, finite, non-empty elements, sorted by `minY`.
    private let sorted: [LayoutAttributes]
    /// `prefixMaxY[i]` is the largest `maxY` among `sorted[0...i]`.
    private let prefixMaxY: [Double]
    /// Every element of the whole answer by ID (first occurrence), valid or not.
    let byID: [ElementID: LayoutAttributes]

    init(whole: [LayoutAttributes]) {
        var byID: [ElementID: LayoutAttributes] = [:]
        byID.reserveCapacity(whole.count)
        var candidates: [LayoutAttributes] = []
        candidates.reserveCapacity(whole.count)
        for element in whole where byID[element.id] == nil {
            byID[element.id] = element
            if element.frame.isFinite && !element.frame.isEmpty { candidates.append(element) }
        }
        candidates.sort { $0.frame.minY < $1.frame.minY }
        var running = -Double.infinity
        prefixMaxY = candidates.map { running = max(running, $0.frame.maxY); return running }
        sorted = candidates
        self.byID = byID
    }

    /// The elements whose frames intersect `rect`, sorted by ID.
    func intersecting(_ rect: Rect) -> [LayoutAttributes] {
        guard !rect.isEmpty else { return [] }
        // First index whose running maxY passes rect.minY: earlier ones end above the rect.
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if prefixMaxY[mid] > rect.minY { high = mid } else { low = mid + 1 }
        }
        var result: [LayoutAttributes] = []
        var index = low
        while index < sorted.count, sorted[index].frame.minY < rect.maxY {
            if sorted[index].frame.intersects(rect) { result.append(sorted[index]) }
            index += 1
        }
        return result.sortedByID()
    }

    /// Every unique, finite, non-empty element, sorted by `minY`.
    var elements: [LayoutAttributes] { sorted }
}

extension Array where Element == LayoutAttributes {
    /// Whether the elements come in order of ID (equal IDs side by side).
    /// - Complexity: O(n), one pass.
    var isSortedByID: Bool {
        var index = 1
        while index < count {
            if self[index].id < self[index - 1].id { return false }
            index += 1
        }
        return true
    }

    /// The elements' IDs, as raw values, sorted: what law 1 and law 7 compare before looking
    /// any closer. Each ID is worked out once, and the sort is of plain integers.
    /// - Complexity: O(n) when the elements come sorted by ID, else O(n log n).
    var sortedIDs: [UInt64] {
        var keys: [UInt64] = []
        keys.reserveCapacity(count)
        var sorted = true
        var index = 0
        while index < count {
            let key = self[index].id.rawValue
            if sorted, let last = keys.last, key < last { sorted = false }
            keys.append(key)
            index += 1
        }
        if !sorted { keys.sort() }
        return keys
    }

    /// The elements sorted by ID, stably; the array itself when it already is, as the
    /// answers of most layouts come (a pass, not a sort: the suite sorts tens of thousands of
    /// answers).
    /// - Complexity: O(n) when sorted, else O(n log n).
    func sortedByID() -> [LayoutAttributes] {
        guard !isSortedByID else { return self }
        return enumerated()
            .sorted { $0.element.id != $1.element.id ? $0.element.id < $1.element.id : $0.offset < $1.offset }
            .map(\.element)
    }
}
