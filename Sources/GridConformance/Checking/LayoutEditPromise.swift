import GridCore

/// What an `EditableLayout` says each of its edits did (its `LayoutEdit`), compared with
/// what the edit did. A viewport keeps the identities of what it shows on that word
/// (`rename`, and `sectionMove` for whole sections without a call per cell), and a strategy
/// rebuilds from `data`; a layout that misreports an edit keeps passing every law on its
/// answers while a view over it shows stale or swapped cells.
///
/// Checked after every operation of the caller's list, on one instance per configuration
/// (law 6, as the word of `SectionShiftReporting` is: a promise about the layout after a
/// change):
/// - `data` is the data the layout now lays out: every path of it has a cell, the paths just
///   past each section and past the last section have none, and the whole content holds no
///   cell outside it.
/// - `rename` sends distinct elements of before to distinct elements of after, each one the
///   layout answers after the edit.
/// - `sectionMove`, when given, says of every cell of its sections what `rename` says, and
///   its sections exist before (and, moved, after).
/// - An operation the layout refuses (it throws) leaves it as it was: the same content size
///   and the same elements, bit for bit.
enum LayoutEditPromise {
    typealias Answer = ConformanceViolation.Answer

    /// The first place where an edit's word and its deed differ, if any.
    ///
    /// - Parameters:
    ///   - edit: what the layout returned from `apply`.
    ///   - before: its elements (whole content) before the edit, and the data it laid out.
    ///   - layout: the layout after the edit.
    /// - Complexity: O(n log n) for the n elements before and after, plus a per-item query
    ///   per cell of `edit.data`.
    static func finding<L: GridLayout>(
        _ edit: LayoutEdit, before: [LayoutAttributes], beforeData: DataShape, layout: L
    ) -> Promises.Finding? {
        let after = layout.elements(in: ProbePlan.huge)
        if let finding = dataFinding(edit.data, after: after, layout: layout) { return finding }
        if let finding = renameFinding(edit, before: before, after: after, layout: layout) { return finding }
        if let move = edit.sectionMove {
            return sectionMoveFinding(move, edit: edit, before: before, beforeData: beforeData, afterData: edit.data)
        }
        return nil
    }

    /// `data` against the cells the layout answers after the edit.
    static func dataFinding<L: GridLayout>(_ data: DataShape, after: [LayoutAttributes], layout: L) -> Promises.Finding? {
        let said = "the edit said the layout now lays out \(ConformanceConfiguration.describe(data))"
        for cell in after.sorted(by: { $0.id < $1.id }) where cell.kind == .cell && !data.contains(cell.path) {
            return Promises.Finding(
                code: .layoutEditMisreported, subject: .element(cell.id),
                problem: said + ", but the whole content holds a cell outside that data",
                expected: .text("no cell at \(cell.path)"), actual: .attributes(cell))
        }
        for section in 0 ..< data.sectionCount {
            let count = data.itemCount(inSection: section)
            for item in 0 ..< count {
                let path = ItemPath(section: section, item: item)
                if layout.attributes(at: path) == nil {
                    return Promises.Finding(
                        code: .layoutEditMisreported, subject: .element(ElementID(kind: .cell, path: path)),
                        problem: said + ", but the per-item query has no cell at a path of that data",
                        expected: .text("a cell at \(path)"), actual: .attributes(nil))
                }
            }
            let past = ItemPath(section: section, item: count)
            if let extra = layout.attributes(at: past) {
                return Promises.Finding(
                    code: .layoutEditMisreported, subject: .element(ElementID(kind: .cell, path: past)),
                    problem: said + ", but the per-item query answers for the path just past section \(section)",
                    expected: .attributes(nil), actual: .attributes(extra))
            }
        }
        let pastLast = ItemPath(section: data.sectionCount, item: 0)
        if let extra = layout.attributes(at: pastLast) {
            return Promises.Finding(
                code: .layoutEditMisreported, subject: .element(ElementID(kind: .cell, path: pastLast)),
                problem: said + ", but the per-item query answers for a section past the last",
                expected: .attributes(nil), actual: .attributes(extra))
        }
        return nil
    }

    /// `rename`: distinct elements to distinct elements, each one the layout has after.
    static func renameFinding<L: GridLayout>(
        _ edit: LayoutEdit, before: [LayoutAttributes], after: [LayoutAttributes], layout: L
    ) -> Promises.Finding? {
        let renamed = before.map(\.id).sorted().compactMap { id in edit.rename(id).map { (id, $0) } }
        // Two onto one first: it explains a rename to a missing element (the one the second
        // should have had is then left over).
        var sources: [ElementID: ElementID] = [:]
        for (id, new) in renamed {
            if let other = sources[new] {
                return Promises.Finding(
                    code: .layoutEditMisreported, subject: .element(id),
                    problem: "the edit renamed both \(other) and \(id) to \(new): two elements of before cannot become one",
                    expected: .text("distinct elements renamed to distinct IDs"), actual: .text("\(other) → \(new), \(id) → \(new)"))
            }
            sources[new] = id
        }
        let present = Set(after.map(\.id))
        for (id, new) in renamed {
            let exists = present.contains(new)
                || (new.kind == .cell && layout.attributes(at: new.path) != nil)
                || (new.kind.map { $0 != .cell && layout.supplementary($0, at: new.path) != nil } ?? false)
            if !exists {
                return Promises.Finding(
                    code: .layoutEditMisreported, subject: .element(id),
                    problem: "the edit renamed \(id) to \(new), an element the layout does not have after the edit",
                    expected: .text("nil (removed) or an element of after"), actual: .text("\(new)"))
            }
        }
        return nil
    }

    /// `sectionMove` against `rename`, cell by cell, and its sections against the data.
    static func sectionMoveFinding(
        _ move: SectionMove, edit: LayoutEdit, before: [LayoutAttributes], beforeData: DataShape, afterData: DataShape
    ) -> Promises.Finding? {
        let said = "the edit said sections \(move.kept) keep their cells' IDs and sections \(move.moved) move by \(move.offset)"
        let sections = 0 ..< beforeData.sectionCount
        for range in [move.kept, move.moved] where !range.isEmpty && !(range.lowerBound >= 0 && range.upperBound <= sections.upperBound) {
            return Promises.Finding(
                code: .layoutEditMisreported, subject: .preparation,
                problem: said + ", but the data before has \(plural(beforeData.sectionCount, "section"))",
                expected: .text("sections within 0..<\(beforeData.sectionCount)"), actual: .text("\(range)"))
        }
        if !move.moved.isEmpty, move.moved.lowerBound + move.offset < 0 || move.moved.upperBound + move.offset > afterData.sectionCount {
            return Promises.Finding(
                code: .layoutEditMisreported, subject: .preparation,
                problem: said + ", but the data after has \(plural(afterData.sectionCount, "section"))",
                expected: .text("moved sections within 0..<\(afterData.sectionCount)"),
                actual: .text("\(move.moved.lowerBound + move.offset)..<\(move.moved.upperBound + move.offset)"))
        }
        for element in before.sorted(by: { $0.id < $1.id }) where element.kind == .cell {
            let id = element.id
            guard move.kept.contains(id.section) || move.moved.contains(id.section) else { continue }
            let word = move.id(after: id), deed = edit.rename(id)
            if word != deed {
                return Promises.Finding(
                    code: .layoutEditMisreported, subject: .element(id),
                    problem: said + ", which sends \(id) to \(word.map { "\($0)" } ?? "nil"), but its rename sends it to \(deed.map { "\($0)" } ?? "nil")",
                    expected: .text(deed.map { "\($0)" } ?? "nil"), actual: .text(word.map { "\($0)" } ?? "nil"))
            }
        }
        return nil
    }

    /// A refused operation against the layout's state: the same content size and elements.
    static func refusalFinding<L: GridLayout>(
        _ error: any Error, before: [LayoutAttributes], beforeSize: Size, layout: L
    ) -> Promises.Finding? {
        let after = layout.elements(in: ProbePlan.huge)
        let size = layout.contentSize
        let sameSize = size.width.bitPattern == beforeSize.width.bitPattern && size.height.bitPattern == beforeSize.height.bitPattern
        let sorted = { (elements: [LayoutAttributes]) in elements.sorted { $0.id < $1.id } }
        let (was, now) = (sorted(before), sorted(after))
        if sameSize && was.count == now.count && zip(was, now).allSatisfy({ $0.isIdentical(to: $1) }) { return nil }
        let problem = "the layout refused the operation (\(error)) but did not keep its previous state"
        if !sameSize {
            return Promises.Finding(code: .layoutEditMisreported, subject: .contentSize, problem: problem, expected: .size(beforeSize), actual: .size(size))
        }
        for (old, new) in zip(was, now) where !old.isIdentical(to: new) {
            return Promises.Finding(
                code: .layoutEditMisreported, subject: .element(old.id), problem: problem,
                expected: .attributes(old), actual: .attributes(new))
        }
        return Promises.Finding(
            code: .layoutEditMisreported, subject: .rect(ProbePlan.huge, .huge), problem: problem,
            expected: .elements(was), actual: .elements(now))
    }
}
