import GridCore

/// Greedy shrinking: fewer sections, fewer items (fewer fields in every record, for a
/// rectangular shape), then a smaller rect, as long as the same law fails with the same code.
extension LayoutSuite {
    /// `violation` shrunk to the smallest counterexample found within
    /// ``ConformanceOptions/maxShrinkSteps`` re-checks, remembering where it started.
    func shrink(_ violation: ConformanceViolation) -> ConformanceViolation {
        var best = violation
        var steps = 0
        var progress = true
        while progress && steps < options.maxShrinkSteps {
            progress = false
            let data = best.configuration.previous?.data ?? best.configuration.data
            for candidate in ShapeShrinker.candidates(of: data) {
                guard steps < options.maxShrinkSteps else { break }
                steps += 1
                guard let configuration = Self.rebuilt(best.configuration, data: candidate) else { continue }
                if let found = recheck(best, on: configuration) {
                    best = found
                    progress = true
                    break
                }
            }
        }
        switch best.subject {
        case .rect(let rect, _) where best.law == .completeness && Self.rectCodes.contains(best.code):
            let start = best, used = steps
            best = inChildWhenIsolated(start) { suite in
                var steps = used
                return suite.shrinkRect(start, rect: rect, steps: &steps)
            }
        case .split(let whole, let first, let second) where best.law == .additivity:
            let start = best, used = steps
            best = inChildWhenIsolated(start) { suite in
                var steps = used
                return suite.shrinkSplit(start, whole: whole, first: first, second: second, steps: &steps)
            }
        default:
            break
        }
        if best.configuration != violation.configuration || best.subject != violation.subject {
            best.shrunkFrom = .init(configuration: violation.configuration, subject: violation.subject)
        }
        best.occurrences = violation.occurrences
        return best
    }

    static var rectCodes: Set<ConformanceViolation.Code> { [.missingElements, .unexpectedElements, .duplicateElements] }

    /// The same configuration with its data (or, for law 6, its first data) replaced.
    static func rebuilt(_ configuration: ConformanceConfiguration, data: DataShape) -> ConformanceConfiguration? {
        guard let previous = configuration.previous else {
            return ConformanceConfiguration(data: data, container: configuration.container)
        }
        guard let change = previous.change else { return nil }
        let told = previous.invalidation != nil
        // A container change keeps its two containers (the width sweep's are not `apply`'s).
        if change.changesContainer {
            return ConformanceConfiguration(
                data: data, container: configuration.container,
                previous: .init(
                    data: data, container: previous.container, change: change,
                    invalidation: told ? .resized(from: previous.container, to: configuration.container) : nil))
        }
        return ConformanceConfiguration.changed(change, from: data, container: previous.container, told: told)
    }

    /// The first failure of the same law and code on `configuration`, probing the
    /// violation's own rect or split besides the usual plan. A trap or a hang is looked for
    /// with every law checked, so that the child makes every call it made the first time.
    private func recheck(_ violation: ConformanceViolation, on configuration: ConformanceConfiguration) -> ConformanceViolation? {
        let laws: Set<ConformanceLaw> = Self.processCodes.contains(violation.code) ? Set(ConformanceLaw.allCases) : [violation.law]
        let result = check(configuration, laws: laws, extra: [violation.subject])
        return result.sink.found.first { $0.law == violation.law && $0.code == violation.code }
    }

    // MARK: Rects

    private func shrinkRect(_ violation: ConformanceViolation, rect: Rect, steps: inout Int) -> ConformanceViolation {
        var layout = makeLayout()
        guard (try? layout.prepare(data: violation.configuration.data, container: violation.configuration.container)) != nil,
              rect.isFinite
        else { return violation }
        let expected = ExpectedElements(whole: layout.elements(in: ProbePlan.wholeRect(of: layout, data: violation.configuration.data)))
        let space = ElementSpace(data: violation.configuration.data, supplementaries: layout.traits.supplementaries)
        func failure(_ candidate: Rect) -> CaseChecker.Finding? {
            CaseChecker.completeness(of: layout.elements(in: candidate), in: candidate, expected: expected, space: space)
                .first { $0.code == violation.code }
        }
        guard var finding = failure(rect) else { return violation }
        var current = rect
        for candidate in RectShrinker.sequence(from: rect, keeping: nil) {
            guard steps < options.maxShrinkSteps * 2 else { break }
            steps += 1
            guard let next = candidate(current) else { continue }
            if let found = failure(next) {
                current = next
                finding = found
            }
        }
        var result = violation
        result.subject = .rect(current, current == rect ? Self.role(of: violation) : .shrunk)
        result.problem = finding.problem
        result.expected = .elements(finding.expected)
        result.actual = .elements(finding.actual)
        return result
    }

    private func shrinkSplit(_ violation: ConformanceViolation, whole: Rect, first: Rect, second: Rect, steps: inout Int) -> ConformanceViolation {
        var layout = makeLayout()
        guard (try? layout.prepare(data: violation.configuration.data, container: violation.configuration.container)) != nil
        else { return violation }
        let vertical = first.maxY == second.minY && first.minX == second.minX && first.maxX == second.maxX
        let cut = vertical ? first.maxY : first.maxX
        func failure(_ candidate: Rect) -> (CaseChecker.Finding, Rect, Rect)? {
            guard let (a, b) = ProbePlan.split(candidate, at: cut, vertical: vertical) else { return nil }
            guard let finding = CaseChecker.additivity(whole: layout.elements(in: candidate), parts: layout.elements(in: a) + layout.elements(in: b))
            else { return nil }
            return (finding, a, b)
        }
        guard var (finding, a, b) = failure(whole) else { return violation }
        var current = whole
        for candidate in RectShrinker.sequence(from: whole, keeping: (cut, vertical)) {
            guard steps < options.maxShrinkSteps * 2 else { break }
            steps += 1
            guard let next = candidate(current), let found = failure(next) else { continue }
            (current, finding, a, b) = (next, found.0, found.1, found.2)
        }
        var result = violation
        result.subject = .split(whole: current, first: a, second: b)
        result.problem = finding.problem
        result.expected = .elements(finding.expected)
        result.actual = .elements(finding.actual)
        return result
    }

    private static func role(of violation: ConformanceViolation) -> ConformanceViolation.RectRole {
        if case .rect(_, let role) = violation.subject { return role }
        return .given
    }
}

/// Smaller data shapes to try, most aggressive first: chunks of sections removed (halves,
/// quarters, … single sections), then items removed. A rectangular shape (records × fields:
/// every section holds the same number of items) loses the same items from every section,
/// all of them, then halves, quarters, … single fields, so that it stays rectangular and a
/// two-axis counterexample ends small along both axes; any other shape loses items from its
/// largest sections.
enum ShapeShrinker {
    static func candidates(of data: DataShape) -> [DataShape] {
        var result: [DataShape] = []
        var seen: Set<DataShape> = [data]
        func add(_ shape: DataShape?) {
            if let shape, seen.insert(shape).inserted { result.append(shape) }
        }
        if data.itemSizes != nil { add(try? data.withItemSizes(nil)) }
        for chunk in chunks(of: data.sectionCount) {
            add(try? data.deletingSections(chunk))
        }
        if let fields = fieldsPerRecord(data) {
            add(deleting(0 ..< fields, fromEverySectionOf: data))
            for chunk in chunks(of: fields) { add(deleting(chunk, fromEverySectionOf: data)) }
            return result
        }
        let bySize = data.itemCounts.indices.sorted { data.itemCounts[$0] > data.itemCounts[$1] }
        for section in bySize {
            let count = data.itemCounts[section]
            guard count > 0 else { continue }
            add(try? data.deletingItems(0 ..< count, fromSection: section))
            if count >= 2 {
                add(try? data.deletingItems(count / 2 ..< count, fromSection: section))
                add(try? data.deletingItems(0 ..< count / 2, fromSection: section))
            }
            add(try? data.deletingItems(count - 1 ..< count, fromSection: section))
            add(try? data.deletingItems(0 ..< 1, fromSection: section))
        }
        return result
    }

    /// The ranges of `0 ..< count` in halves, then quarters, … then single indices.
    static func chunks(of count: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var chunk = max(1, count / 2)
        while count > 0 {
            for start in stride(from: 0, to: count, by: chunk) { ranges.append(start ..< min(start + chunk, count)) }
            if chunk == 1 { break }
            chunk /= 2
        }
        return ranges
    }

    /// The number of items every section holds, when there is at least one section and every
    /// one holds the same number, at least one: the fields of a records × fields shape.
    static func fieldsPerRecord(_ data: DataShape) -> Int? {
        guard let first = data.itemCounts.first, first > 0, data.itemCounts.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// `data` with the items in `range` deleted from every section.
    static func deleting(_ range: Range<Int>, fromEverySectionOf data: DataShape) -> DataShape? {
        var shape = data
        for section in 0 ..< data.sectionCount {
            guard let next = try? shape.deletingItems(range, fromSection: section) else { return nil }
            shape = next
        }
        return shape
    }
}

/// Moves of a rect's edges inward, by halves, quarters, … of its extent; each move is a
/// function of the current rect, returning `nil` when it cannot be made exactly (or would
/// cross the line that must stay inside).
enum RectShrinker {
    typealias Move = (Rect) -> Rect?

    static func sequence(from rect: Rect, keeping line: (at: Double, vertical: Bool)?) -> [Move] {
        var moves: [Move] = []
        for _ in 0 ..< 3 {
            for fraction in [0.5, 0.25, 0.125, 0.0625, 1.0 / 32, 1.0 / 256] {
                for edge in 0 ..< 4 {
                    moves.append { current in move(current, edge: edge, fraction: fraction, keeping: line) }
                }
            }
            for edge in 0 ..< 4 {
                moves.append { current in snap(current, edge: edge, keeping: line) }
            }
        }
        return moves
    }

    /// Edge 0 is minX, 1 maxX, 2 minY, 3 maxY.
    static func move(_ r: Rect, edge: Int, fraction: Double, keeping line: (at: Double, vertical: Bool)?) -> Rect? {
        let horizontal = edge < 2
        let extent = horizontal ? r.width : r.height
        guard extent > 0 else { return nil }
        let step = ProbePlan.dyadic(extent * fraction)
        guard step > 0 else { return nil }
        var (minX, maxX, minY, maxY) = (r.minX, r.maxX, r.minY, r.maxY)
        switch edge {
        case 0: minX += step
        case 1: maxX -= step
        case 2: minY += step
        default: maxY -= step
        }
        return checked(minX: minX, maxX: maxX, minY: minY, maxY: maxY, keeping: line)
    }

    /// Rounds one edge inward to a whole number.
    static func snap(_ r: Rect, edge: Int, keeping line: (at: Double, vertical: Bool)?) -> Rect? {
        var (minX, maxX, minY, maxY) = (r.minX, r.maxX, r.minY, r.maxY)
        switch edge {
        case 0: minX = minX.rounded(.up)
        case 1: maxX = maxX.rounded(.down)
        case 2: minY = minY.rounded(.up)
        default: maxY = maxY.rounded(.down)
        }
        guard (minX, maxX, minY, maxY) != (r.minX, r.maxX, r.minY, r.maxY) else { return nil }
        return checked(minX: minX, maxX: maxX, minY: minY, maxY: maxY, keeping: line)
    }

    private static func checked(minX: Double, maxX: Double, minY: Double, maxY: Double, keeping line: (at: Double, vertical: Bool)?) -> Rect? {
        guard minX <= maxX, minY <= maxY else { return nil }
        if let line {
            let (low, high) = line.vertical ? (minY, maxY) : (minX, maxX)
            guard low < line.at, line.at < high else { return nil }
        }
        return ProbePlan.exactRect(minX: minX, maxX: maxX, minY: minY, maxY: maxY)
    }
}
