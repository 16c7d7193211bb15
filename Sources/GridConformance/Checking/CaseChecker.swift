import GridCore

/// Checks laws 1, 2, 3, 4, 7, 8 and 9 on one configuration's answers to a probe plan.
///
/// The full set of elements is the answer to the whole-content rect. It is cross-checked
/// against the per-item answer for every path of the data and the supplementary answer for
/// every path the plan asks of the spaces the layout declares (laws 1 and 2); every probe
/// rect's answer is compared with the brute-force filter of that set by `Rect.intersects`
/// (law 1). Which supplementary paths may exist comes from the answers' declared spaces
/// (``ElementSpace``): the checker knows no kind of supplementary view.
struct CaseChecker {
    typealias Answer = ConformanceViolation.Answer

    let data: DataShape
    /// Where elements may exist: the data's cells and the declared supplementary spaces.
    let space: ElementSpace
    let plan: ProbePlan
    let answers: CaseAnswers
    /// Whether the layout declares law 8.
    let declaresNonOverlap: Bool
    var sink: ViolationSink
    var counts = ConformanceReport.Counts()

    private var expected = ExpectedElements(whole: [])
    private var itemIndex: [ItemPath: Int] = [:]
    private var supplementaryIndex: [ElementID: Int] = [:]
    private var contentBoundsValid = false

    init(data: DataShape, plan: ProbePlan, answers: CaseAnswers, declaresNonOverlap: Bool, sink: ViolationSink) {
        self.data = data
        self.space = ElementSpace(data: data, supplementaries: answers.supplementaries)
        self.plan = plan
        self.answers = answers
        self.declaresNonOverlap = declaresNonOverlap
        self.sink = sink
    }

    mutating func run() {
        expected = ExpectedElements(whole: answers.rects[plan.wholeIndex])
        for (index, path) in plan.items.enumerated() where itemIndex[path] == nil { itemIndex[path] = index }
        for (index, request) in plan.supplementary.enumerated() where supplementaryIndex[request.id] == nil {
            supplementaryIndex[request.id] = index
        }
        checkContentSize()
        checkWholeAnswer()
        checkItems()
        checkSupplementary()
        checkRects()
        checkSplits()
        checkPlacements()
        if declaresNonOverlap { checkOverlap() }
        if let tightness = answers.tightness { checkTightness(tightness) }
        counts.configurations = 1
        counts.rectQueries = plan.rects.count
        counts.itemQueries = plan.items.count
        counts.supplementaryQueries = plan.supplementary.count
        counts.additivitySplits = plan.splits.count
    }

    // MARK: Law 4: the content size

    private mutating func checkContentSize() {
        let size = answers.contentSize
        contentBoundsValid = size.isFinite && size.width >= 0 && size.height >= 0
        if !contentBoundsValid {
            sink.report(.containment, .invalidContentSize) {
                (.contentSize, "the content size is not finite and ≥ 0, so no frame can lie inside it",
                 .text("a finite content size with width and height ≥ 0"), .size(size))
            }
        }
    }

    // MARK: The whole-content answer

    private mutating func checkWholeAnswer() {
        let whole = plan.rects[plan.wholeIndex]
        var seen = Set<ElementID>()
        for element in answers.rects[plan.wholeIndex] where seen.insert(element.id).inserted {
            guard checkValidity(element, where: "the rect query over the whole content \(whole)") else { continue }
            checkContainment(element, where: "the rect query over the whole content")
            checkAgreement(element, rect: whole)
        }
    }

    // MARK: Per-item and supplementary answers

    private mutating func checkItems() {
        for (index, path) in plan.items.enumerated() {
            let answer = answers.items[index]
            let id = ElementID(kind: .cell, path: path)
            guard data.contains(path) else {
                if let answer {
                    sink.report(.validity, .pathOutsideData) {
                        (.element(id), "attributes(at: \(path)) answered for a path beyond the data (\(ConformanceConfiguration.describe(data)))",
                         .attributes(nil), .attributes(answer))
                    }
                }
                continue
            }
            guard let answer else {
                sink.report(.agreement, .itemQueryReturnedNil) {
                    (.element(id), "attributes(at: \(path)) returned nil for an item the data holds",
                     .text("the attributes of cell\(path)"), .attributes(nil))
                }
                continue
            }
            checkAnswer(answer, for: id, query: "attributes(at: \(path))")
        }
    }

    private mutating func checkSupplementary() {
        for (index, request) in plan.supplementary.enumerated() {
            guard let answer = answers.supplementary[index] else { continue }
            func query() -> String { "supplementary(\(request.kind.name), at: \(request.path))" }
            guard space.contains(request.kind, request.path) else {
                sink.report(.validity, .pathOutsideData) {
                    (.element(request.id), "\(query()) answered for a path outside the space the layout declares for \(request.kind.name) (declared: \(ElementSpace.describe(space.supplementaries)); data: \(ConformanceConfiguration.describe(data)))",
                     .attributes(nil), .attributes(answer))
                }
                continue
            }
            checkAnswer(answer, for: request.id, query: query())
        }
    }

    /// A per-item or supplementary answer for an element that exists: it must be that
    /// element, valid, inside the content, and in the whole-content answer when it has area.
    private mutating func checkAnswer(_ answer: LayoutAttributes, for id: ElementID, query: @autoclosure () -> String) {
        guard answer.id == id else {
            sink.report(.agreement, .itemQueryWrongElement) {
                (.element(id), "\(query()) answered with another element", .text("an answer for \(id)"), .attributes(answer))
            }
            return
        }
        guard checkValidity(answer, where: query()) else { return }
        checkContainment(answer, where: query())
        if !answer.frame.isEmpty && expected.byID[id] == nil {
            let whole = plan.rects[plan.wholeIndex]
            sink.report(.completeness, .missingFromContentQuery) {
                (.rect(whole, plan.roles[plan.wholeIndex]),
                 "\(query()) gives \(id) a frame of positive area, but the rect query over the whole content left it out",
                 .elements([answer]), .elements(answers.rects[plan.wholeIndex].sorted { $0.id < $1.id }))
            }
        }
    }

    // MARK: Probe rects (law 1, and 2 and 3 on what they return)

    private mutating func checkRects() {
        for (index, rect) in plan.rects.enumerated() {
            let answer = answers.rects[index]
            let role = plan.roles[index]
            if index != plan.wholeIndex {
                for element in answer {
                    if let known = expected.byID[element.id], known.frame.isIdentical(to: element.frame) { continue }
                    guard checkValidity(element, where: "the rect query \(rect)") else { continue }
                    checkContainment(element, where: "the rect query \(rect)")
                    checkAgreement(element, rect: rect)
                }
            }
            guard sink.wants(.completeness) else { continue }
            for finding in Self.completeness(of: answer, in: rect, expected: expected, space: space) {
                sink.report(.completeness, finding.code) {
                    (.rect(rect, role), finding.problem, .elements(finding.expected), .elements(finding.actual))
                }
            }
        }
    }

    /// A failure of law 1 on one rect.
    struct Finding {
        var code: ConformanceViolation.Code
        var problem: String
        var expected: [LayoutAttributes]
        var actual: [LayoutAttributes]
    }

    /// Law 1 on one rect: `answer` must hold each element of the brute-force expectation
    /// once and nothing else. Elements at a path outside `space` or with an invalid frame
    /// are left to law 3.
    static func completeness(
        of answer: [LayoutAttributes], in rect: Rect, expected: ExpectedElements, space: ElementSpace
    ) -> [Finding] {
        let wanted = expected.intersecting(rect)  // sorted by ID, unique
        // The common case, a right answer, by its IDs alone.
        if answer.count == wanted.count, answer.sortedIDs == wanted.sortedIDs { return [] }
        let actual = answer.sortedByID()
        var findings: [Finding] = []

        // One merge walk over both sorted lists.
        var missing: [LayoutAttributes] = [], unexpected: [LayoutAttributes] = [], duplicates: [LayoutAttributes] = []
        var i = 0, j = 0
        while i < wanted.count || j < actual.count {
            if j > 0, j < actual.count, actual[j].id == actual[j - 1].id {
                if duplicates.last?.id != actual[j].id { duplicates.append(actual[j]) }
                j += 1
            } else if j == actual.count || (i < wanted.count && wanted[i].id < actual[j].id) {
                missing.append(wanted[i])
                i += 1
            } else if i == wanted.count || actual[j].id < wanted[i].id {
                let element = actual[j]
                if space.contains(element.kind, element.path) && frameIsValid(element.frame) { unexpected.append(element) }
                j += 1
            } else {
                i += 1
                j += 1
            }
        }

        if !missing.isEmpty {
            findings.append(Finding(
                code: .missingElements,
                problem: "the rect query left out \(count(missing)) whose frame intersects the rect: \(Answer.items(missing))",
                expected: wanted, actual: actual))
        }
        if !unexpected.isEmpty {
            let strangers = unexpected.filter { expected.byID[$0.id] == nil }
            var problem = "the rect query returned \(count(unexpected)) whose frame does not intersect the rect: \(Answer.items(unexpected))"
            if !strangers.isEmpty {
                problem += " (\(strangers.count) of them not returned by the query over the whole content either)"
            }
            findings.append(Finding(code: .unexpectedElements, problem: problem, expected: wanted, actual: actual))
        }
        if !duplicates.isEmpty {
            findings.append(Finding(
                code: .duplicateElements,
                problem: "the rect query returned \(count(duplicates)) more than once: \(Answer.items(duplicates))",
                expected: wanted, actual: actual))
        }
        return findings
    }

    private static func count(_ elements: [LayoutAttributes]) -> String { plural(elements.count, "element") }

    /// `keys`, sorted, with each value once.
    static func uniqueIDs(_ keys: [UInt64]) -> [UInt64] {
        var unique: [UInt64] = []
        unique.reserveCapacity(keys.count)
        var index = 0
        while index < keys.count {
            if index == 0 || keys[index] != keys[index - 1] { unique.append(keys[index]) }
            index += 1
        }
        return unique
    }

    // MARK: Law 7

    private mutating func checkSplits() {
        guard sink.wants(.additivity) else { return }
        for split in plan.splits {
            let whole = answers.rects[split.whole]
            let parts = answers.rects[split.first] + answers.rects[split.second]
            if let finding = Self.additivity(whole: whole, parts: parts) {
                sink.report(.additivity, .notAdditive) {
                    (.split(whole: plan.rects[split.whole], first: plan.rects[split.first], second: plan.rects[split.second]),
                     finding.problem, .elements(finding.expected), .elements(finding.actual))
                }
            }
        }
    }

    /// Law 7 on one split: the whole's elements must be exactly those of its parts.
    static func additivity(whole: [LayoutAttributes], parts: [LayoutAttributes]) -> Finding? {
        if uniqueIDs(whole.sortedIDs) == uniqueIDs(parts.sortedIDs) { return nil }
        let wholeIDs = Set(whole.map(\.id))
        var union: [LayoutAttributes] = []
        var seen = Set<ElementID>()
        for element in parts where seen.insert(element.id).inserted { union.append(element) }
        guard wholeIDs != seen else { return nil }
        union.sort { $0.id < $1.id }
        let onlyInParts = union.filter { !wholeIDs.contains($0.id) }
        var onlyInWhole: [LayoutAttributes] = []
        var seenWhole = Set<ElementID>()
        for element in whole where !seen.contains(element.id) && seenWhole.insert(element.id).inserted {
            onlyInWhole.append(element)
        }
        var problems: [String] = []
        if !onlyInParts.isEmpty {
            problems.append("elements(in: A ∪ B) left out \(count(onlyInParts)) that A or B returned: \(Answer.items(onlyInParts))")
        }
        if !onlyInWhole.isEmpty {
            problems.append("elements(in: A ∪ B) returned \(count(onlyInWhole)) that neither A nor B returned: \(Answer.items(onlyInWhole))")
        }
        return Finding(
            code: .notAdditive, problem: problems.joined(separator: "; "),
            expected: union, actual: whole.sorted { $0.id < $1.id })
    }

    // MARK: Law 8

    private mutating func checkOverlap() {
        let cells = expected.elements.filter { $0.kind == .cell }  // sorted by minY
        counts.cellsCheckedForOverlap = cells.count
        guard sink.wants(.nonOverlap) else { return }
        Self.forEachIntersectingPair(cells.map(\.frame)) { i, j in
            let (a, b) = (cells[i], cells[j])
            sink.report(.nonOverlap, .cellsOverlap) {
                (.elementPair(a.id, b.id),
                 "cells \(a.path) and \(b.path) overlap although the layout declares traits.cellsDoNotOverlap",
                 .text("frames that do not intersect"), .elements([a, b]))
            }
        }
    }

    /// Calls `body` with the indices `i < j` of every pair of `rects` that intersect;
    /// `rects` must be sorted by `minY`, so that each is compared only with those that start
    /// above its bottom.
    static func forEachIntersectingPair(_ rects: [Rect], _ body: (Int, Int) -> Void) {
        for i in rects.indices {
            var j = i + 1
            while j < rects.count, rects[j].minY < rects[i].maxY {
                if rects[i].intersects(rects[j]) { body(i, j) }
                j += 1
            }
        }
    }

    // MARK: Law 9

    /// How far the content may differ from what law 9 requires, relative to the extent: a
    /// millionth, so that a layout summing its lines in another order (or an engine in
    /// 32-bit floats computing its content size with its frames) passes, and a content one
    /// line too long or too short does not.
    static let tightnessTolerance = 1e-6

    private mutating func checkTightness(_ tightness: ContentTightness) {
        guard contentBoundsValid, sink.wants(.tightness) else { return }  // law 4 has said so
        // Every frame of the whole-content answer, and per-item and supplementary answers of
        // elements it left out (frames of zero area). An element at a path that does not
        // exist or with an invalid frame leaves the farthest edge unknown: law 3 says so.
        var farthest: (x: Double, y: Double)?
        var unknown = false
        func hold(_ element: LayoutAttributes?, always: Bool) {
            guard let element, always || expected.byID[element.id] == nil else { return }
            guard space.contains(element.kind, element.path), Self.frameIsValid(element.frame) else {
                unknown = true
                return
            }
            let f = element.frame
            farthest = (max(farthest?.x ?? f.maxX, f.maxX), max(farthest?.y ?? f.maxY, f.maxY))
        }
        for element in answers.rects[plan.wholeIndex] { hold(element, always: true) }
        for (index, answer) in answers.items.enumerated() where data.contains(plan.items[index]) { hold(answer, always: false) }
        for (index, answer) in answers.supplementary.enumerated() where space.contains(plan.supplementary[index].kind, plan.supplementary[index].path) {
            hold(answer, always: false)
        }
        guard !unknown else { return }
        counts.tightnessChecks = 1
        let size = answers.contentSize
        for axis in [Axis.vertical, .horizontal] where tightness.axes.contains(ScrollAxes(axis)) {
            let actual = axis == .vertical ? size.height : size.width
            let edge = farthest.map { axis == .vertical ? $0.y : $0.x }
            let required = tightness.requiredExtent(along: axis, farthestEdge: edge)
            guard abs(actual - required) > Self.tightnessTolerance * max(abs(required), 1) else { continue }
            let (name, leading, trailing) = axis == .vertical
                ? ("height", tightness.insets.top, tightness.insets.bottom)
                : ("width", tightness.insets.left, tightness.insets.right)
            let side = axis == .vertical ? "bottom" : "right"
            let reason = edge.map { "the farthest frame ends at \($0) and the declared \(side) inset is \(trailing)" }
                ?? "there is no frame, and the declared insets are \(leading) and \(trailing)"
            sink.report(.tightness, actual > required ? .contentTooLarge : .contentTooSmall) {
                (.contentSize,
                 "the content \(name) is \(actual), \(actual > required ? "more" : "less") than the \(required) that holds every frame plus the declared insets: \(reason)",
                 .text("content \(name) \(required)"), .size(size))
            }
        }
    }

    // MARK: Laws 2, 3, 4 on one element

    /// Law 3: the element's path exists (in the data, or in its kind's declared space) and
    /// its frame is valid. Returns whether it is valid.
    private mutating func checkValidity(_ element: LayoutAttributes, where query: @autoclosure () -> String) -> Bool {
        guard space.contains(element.kind, element.path) else {
            sink.report(.validity, .pathOutsideData) {
                element.kind == .cell
                    ? (.element(element.id), "\(query()) returned \(element.id), whose path does not exist in the data (\(ConformanceConfiguration.describe(data)))",
                       .text("only cells at paths of the data"), .attributes(element))
                    : (.element(element.id), "\(query()) returned \(element.id), whose path lies outside the space the layout declares for \(element.kind.name) (declared: \(ElementSpace.describe(space.supplementaries)))",
                       .text("only supplementary views at paths the layout declares"), .attributes(element))
            }
            return false
        }
        guard Self.frameIsValid(element.frame) else {
            sink.report(.validity, .invalidFrame) {
                (.element(element.id), "\(query()) returned \(element.id) with a frame that is NaN, infinite or negative in size",
                 .text("a finite frame with width and height ≥ 0"), .attributes(element))
            }
            return false
        }
        return true
    }

    /// Law 4: the frame lies inside `(0, 0, contentSize)`.
    private mutating func checkContainment(_ element: LayoutAttributes, where query: @autoclosure () -> String) {
        guard contentBoundsValid else { return }
        let bounds = Rect(origin: .zero, size: answers.contentSize)
        guard !bounds.contains(element.frame) else { return }
        sink.report(.containment, .frameOutsideContent) {
            (.element(element.id), "\(query()) returned \(element.id) with a frame reaching outside (0, 0, \(answers.contentSize))",
             .text("a frame inside \(bounds)"), .attributes(element))
        }
    }

    /// Law 2: an element a rect query returned equals the per-item or supplementary answer.
    private mutating func checkAgreement(_ element: LayoutAttributes, rect: Rect) {
        let index = element.kind == .cell ? itemIndex[element.path] : supplementaryIndex[element.id]
        guard let index else { return }  // not asked for: nothing to compare
        let answer = element.kind == .cell ? answers.items[index] : answers.supplementary[index]
        func query() -> String {
            element.kind == .cell ? "attributes(at: \(element.path))" : "supplementary(\(element.kind.name), at: \(element.path))"
        }
        guard let answer else {
            sink.report(.agreement, .itemQueryReturnedNil) {
                (.element(element.id), "the rect query \(rect) returned \(element.id) but \(query()) returned nil",
                 .attributes(element), .attributes(nil))
            }
            return
        }
        if !answer.isIdentical(to: element) {
            sink.report(.agreement, .disagreesWithItemQuery) {
                (.element(element.id), "the rect query \(rect) and \(query()) disagree about \(element.id)",
                 .attributes(element), .attributes(answer))
            }
        }
    }

    /// A frame with finite coordinates and a width and height ≥ 0.
    static func frameIsValid(_ frame: Rect) -> Bool {
        frame.isFinite && frame.width >= 0 && frame.height >= 0
    }
}
