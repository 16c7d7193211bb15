import GridCore

/// What a layout promises about its answers, beyond the answers themselves: the word of the
/// optional protocols a strategy builds on, checked wherever a layout gives it.
///
/// - ``SectionShiftReporting`` (law 6): the ``SectionShift`` a told update reports is what the
///   update did, element by element. A cache keeps and moves its arrays on that word.
///
/// Each check returns what it found; the suite (and the answer-file checker, for what answers
/// can carry) reports it.
enum Promises {
    typealias Answer = ConformanceViolation.Answer

    /// One broken promise: where, what, and word against deed.
    struct Finding {
        var code: ConformanceViolation.Code
        var subject: ConformanceViolation.Subject
        var problem: String
        var expected: Answer
        var actual: Answer
    }

    /// `elements` sorted by ID, stably; returned as they are when they already are (one
    /// pass), as the reference layouts' answers and enumerations come.
    static func sortedByID(_ elements: [LayoutAttributes]) -> [LayoutAttributes] {
        var index = 1
        while index < elements.count {
            if elements[index].id < elements[index - 1].id {
                return elements.enumerated()
                    .sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }
                    .map(\.element)
            }
            index += 1
        }
        return elements
    }

    // MARK: SectionShiftReporting (law 6)

    /// Calls `prepareReportingShift(data:container:invalidation:)` on `layout` when its type
    /// adopts ``SectionShiftReporting``: `nil` when it does not, else what it reported.
    static func prepareReportingShift<L: GridLayout>(
        _ layout: inout L, data: DataShape, container: Size, invalidation: Invalidation
    ) throws -> SectionShift?? {
        guard let reporting = layout as? any SectionShiftReporting else { return nil }
        return .some(try prepare(reporting, into: &layout, data: data, container: container, invalidation: invalidation))
    }

    /// `reporting`, a copy of `layout` as the protocol, prepared reporting its shift and
    /// written back into `layout`.
    private static func prepare<R: SectionShiftReporting, L: GridLayout>(
        _ reporting: R, into layout: inout L, data: DataShape, container: Size, invalidation: Invalidation
    ) throws -> SectionShift? {
        var prepared = reporting
        let shift = try prepared.prepareReportingShift(data: data, container: container, invalidation: invalidation)
        if let back = prepared as? L { layout = back }
        return shift
    }

    /// Whether `L` adopts ``SectionShiftReporting``.
    static func reportsShifts<L: GridLayout>(_: L.Type) -> Bool { L.self is any SectionShiftReporting.Type }

    /// Law 6 on a reported shift: the first place where `shift` does not describe the change
    /// from `old` (the elements the instance placed before the told update, over `oldData`)
    /// to `new` (what a fresh layout places after it, over `newData`), in the terms of
    /// ``SectionShift``: the sections before ``SectionShift/firstChanged`` kept, bit for bit,
    /// and ending at or above the changed span; those from ``SectionShift/movedFrom`` on moved
    /// by ``SectionShift/offset`` along y and nothing else, to ``SectionShift/movedTo`` on, and
    /// starting at or below the changed span; those laid again inside it; the offset and every
    /// element's `minY` exact. `nil` when the word is true.
    ///
    /// Elements belong to the section of their path; only elements of positive area are
    /// compared, as a cache holds only those.
    /// - Complexity: O(n) for n elements, with one dictionary of the old ones.
    static func shiftFinding(
        _ shift: SectionShift, old: [LayoutAttributes], oldData: DataShape, new: [LayoutAttributes], newData: DataShape
    ) -> Finding? {
        let said = "prepareReportingShift(data:container:invalidation:) reported \(describe(shift))"
        let oldSections = oldData.sectionCount, newSections = newData.sectionCount
        func wrong(_ problem: String, expected: String, actual: String) -> Finding {
            Finding(code: .shiftMisreported, subject: .preparation, problem: said + ", but " + problem,
                    expected: .text(expected), actual: .text(actual))
        }
        guard shift.firstChanged >= 0, shift.firstChanged <= shift.movedFrom, shift.firstChanged <= shift.movedTo,
              shift.movedFrom <= oldSections, shift.movedTo <= newSections,
              oldSections - shift.movedFrom == newSections - shift.movedTo
        else {
            return wrong(
                "the data went from \(plural(oldSections, "section")) to \(newSections): sections \(shift.movedFrom)..<\(oldSections) before cannot be sections \(shift.movedTo)..<\(newSections) after, or the first changed section is not before both",
                expected: "0 ≤ firstChanged ≤ movedFrom ≤ \(oldSections), firstChanged ≤ movedTo ≤ \(newSections), \(oldSections) − movedFrom = \(newSections) − movedTo",
                actual: describe(shift))
        }
        guard SectionShift.isExact(shift.offset) else {
            return wrong("the offset \(shift.offset) is not a multiple of 2⁻¹⁰ below 2⁴², so a cache cannot add it exactly",
                         expected: "an exact offset", actual: "offset \(shift.offset)")
        }
        let lower = shift.changedSpan.lowerBound, upper = shift.changedSpan.upperBound
        var oldByID: [ElementID: LayoutAttributes] = [:]
        oldByID.reserveCapacity(old.count)
        for element in old where element.frame.size.width > 0 && element.frame.size.height > 0 && oldByID[element.id] == nil {
            oldByID[element.id] = element
        }
        var matched = Set<ElementID>()
        matched.reserveCapacity(oldByID.count)
        let newElements = sortedByID(new.filter { $0.frame.size.width > 0 && $0.frame.size.height > 0 })
        for element in newElements {
            let section = element.path.section, id = element.id
            guard SectionShift.isExact(element.frame.minY) else {
                return Finding(
                    code: .shiftMisreported, subject: .element(id),
                    problem: said + ", but \(id) starts at y = \(element.frame.minY), not a multiple of 2⁻¹⁰: coordinates are not exact, and a shift must not be promised",
                    expected: .text("every minY a multiple of 2⁻¹⁰ below 2⁴²"), actual: .attributes(element))
            }
            if section < shift.firstChanged {
                guard let before = oldByID[id] else {
                    return Finding(
                        code: .shiftMisreported, subject: .element(id),
                        problem: said + ", so section \(section) is kept as it was, but \(id) is new in it",
                        expected: .text("no \(id): the layout placed none before the update"), actual: .attributes(element))
                }
                matched.insert(id)
                guard before.frame.isIdentical(to: element.frame) else {
                    return Finding(
                        code: .shiftMisreported, subject: .element(id),
                        problem: said + ", so section \(section) is kept as it was, but \(id) moved",
                        expected: .attributes(before), actual: .attributes(element))
                }
                guard element.frame.maxY <= lower else {
                    return Finding(
                        code: .shiftMisreported, subject: .element(id),
                        problem: said + ", but \(id), in section \(section) before the first changed one, ends at y = \(element.frame.maxY), below the changed span's start",
                        expected: .text("maxY ≤ \(lower)"), actual: .attributes(element))
                }
            } else if section >= shift.movedTo {
                let oldSection = section - shift.movedTo + shift.movedFrom
                let oldID = ElementID(kind: element.kind, path: ItemPath(section: oldSection, item: element.path.item))
                guard let before = oldByID[oldID] else {
                    return Finding(
                        code: .shiftMisreported, subject: .element(id),
                        problem: said + ", so section \(section) is section \(oldSection) moved, but \(id) has no counterpart \(oldID) before the update",
                        expected: .text("\(oldID) before the update, moved by \(shift.offset)"), actual: .attributes(element))
                }
                matched.insert(oldID)
                var shifted = before
                shifted.path = element.path
                shifted.frame.origin.y = before.frame.minY + shift.offset
                guard shifted.frame.isIdentical(to: element.frame) else {
                    return Finding(
                        code: .shiftMisreported, subject: .element(id),
                        problem: said + ", so \(oldID) moved by \(shift.offset) along y to become \(id), but it went from \(before.frame) to \(element.frame)",
                        expected: .attributes(shifted), actual: .attributes(element))
                }
                guard element.frame.minY >= upper else {
                    return Finding(
                        code: .shiftMisreported, subject: .element(id),
                        problem: said + ", but \(id), in a moved section, starts at y = \(element.frame.minY), above the changed span's end",
                        expected: .text("minY ≥ \(upper)"), actual: .attributes(element))
                }
            } else if element.frame.minY < lower || element.frame.maxY > upper {
                return Finding(
                    code: .shiftMisreported, subject: .element(id),
                    problem: said + ", but \(id), in section \(section), laid again, reaches outside the changed span",
                    expected: .text("an element within y ∈ [\(lower), \(upper)]"), actual: .attributes(element))
            }
        }
        // What the shift says survives, and vanished.
        for element in sortedByID(Array(oldByID.values)) where !matched.contains(element.id) {
            let section = element.path.section
            guard SectionShift.isExact(element.frame.minY) else {
                return Finding(
                    code: .shiftMisreported, subject: .element(element.id),
                    problem: said + ", but \(element.id) started at y = \(element.frame.minY) before the update, not a multiple of 2⁻¹⁰: coordinates are not exact, and a shift must not be promised",
                    expected: .text("every minY a multiple of 2⁻¹⁰ below 2⁴²"), actual: .attributes(element))
            }
            if section < shift.firstChanged || section >= shift.movedFrom {
                let becomes = section < shift.firstChanged ? section : section - shift.movedFrom + shift.movedTo
                let id = ElementID(kind: element.kind, path: ItemPath(section: becomes, item: element.path.item))
                return Finding(
                    code: .shiftMisreported, subject: .element(element.id),
                    problem: said + ", so \(element.id) is kept or moved (as \(id)), but the layout places no \(id) after the update",
                    expected: .text("\(id) after the update"), actual: .text("no \(id)"))
            }
        }
        return nil
    }

    /// `sections 2… moved by 79.0 to 3…, 1 laid again in [101.0, 180.0]`-style wording.
    static func describe(_ shift: SectionShift) -> String {
        "SectionShift(firstChanged: \(shift.firstChanged), movedFrom: \(shift.movedFrom), movedTo: \(shift.movedTo), offset: \(shift.offset), changedSpan: \(shift.changedSpan.lowerBound)...\(shift.changedSpan.upperBound))"
    }
}
