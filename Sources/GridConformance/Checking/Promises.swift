import GridCore

/// What a layout promises about its answers, beyond the answers themselves: the word of the
/// optional protocols a strategy builds on, checked wherever a layout gives it.
///
/// - ``ScrollOrderedEnumeration`` (law 1): the enumeration lists exactly the elements the rect
///   query over the whole content returns, each once, with the same frames, in scroll order.
///   A cache is built from it.
/// - ``SectionShiftReporting`` (law 6): the ``SectionShift`` a told update reports is what the
///   update did, element by element. A cache keeps and moves its arrays on that word.
/// - `traits` (laws 5 and 6): what a layout declares about itself equals what a fresh layout
///   prepared alike declares, after every prepare. A viewport pins and preloads by them.
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

    // MARK: ScrollOrderedEnumeration (law 1)

    /// What a layout enumerated (``ScrollOrderedEnumeration/enumerateElements(into:)``), in
    /// the order it gave them.
    struct Enumeration {
        var elements: [LayoutAttributes]
        /// The enumeration gave more elements than the sink had room for (twice the expected
        /// number, and some): only the first ones are in ``elements``.
        var overflowed: Bool
        /// A path an `ElementID` cannot hold, at which the sink stopped.
        var pathOutOfRange: ItemPath?
    }

    /// `layout`'s enumeration when it adopts ``ScrollOrderedEnumeration``, else `nil`.
    ///
    /// The sink is the cache's own (``ElementSink``), in one band so that it never stops for
    /// order: it drops what a cache drops (frames of zero or negative width or height) and
    /// keeps the rest as given, and the order is checked here, on every element.
    /// - Complexity: O(n) for the n elements enumerated, plus the layout's enumeration.
    static func enumeration<L: GridLayout>(of layout: L, expected count: Int) -> Enumeration? {
        guard let enumerable = layout as? any ScrollOrderedEnumeration else { return nil }
        let capacity = 2 * max(count, 0) + 16
        let frames = UnsafeMutablePointer<Rect>.allocate(capacity: capacity)
        let ids = UnsafeMutablePointer<ElementID>.allocate(capacity: capacity)
        frames.initialize(repeating: .zero, count: capacity)
        ids.initialize(repeating: ElementID(rawValue: 0), count: capacity)
        defer {
            frames.deallocate()
            ids.deallocate()
        }
        var sink = ElementSink(
            frames: frames, ids: ids, capacity: capacity, geometry: BandGeometry(bandExtent: .infinity, bandCount: 1),
            alongX: false, sortsAcross: false)
        enumerable.enumerateElements(into: &sink)
        var elements: [LayoutAttributes] = []
        elements.reserveCapacity(sink.count)
        var index = 0
        while index < sink.count {
            let id = ids[index]
            elements.append(LayoutAttributes(kind: id.kind ?? .cell, path: id.path, frame: frames[index]))
            index += 1
        }
        var result = Enumeration(elements: elements, overflowed: false, pathOutOfRange: nil)
        switch sink.stop {
        case .full?: result.overflowed = true
        case .pathOutOfRange(let path)?: result.pathOutOfRange = path
        case .outOfOrder?, nil: break
        }
        return result
    }

    /// Law 1 on an enumeration: against `whole`, the answer to the rect query over the whole
    /// content, every element of positive area once, with the same frame; and in scroll
    /// order, each element's frame starting (`minY`, or `minX` when `alongX`) no earlier than
    /// the one before's.
    ///
    /// The order is the protocol's: "in order of the band its frame starts in along the scroll
    /// axis". The bands are the cache's to choose (their extent follows the content size, the
    /// declared line height and the number of items), so the only order every choice of
    /// bands accepts is the frames' starts never decreasing; elements that start at the same
    /// coordinate may come in any order.
    /// - Complexity: O(n) when both lists come sorted by ID (the reference layouts' do), else
    ///   O(n log n).
    static func enumerationFindings(_ listed: Enumeration, whole: [LayoutAttributes], alongX: Bool) -> [Finding] {
        var findings: [Finding] = []
        let call = "enumerateElements(into:) (ScrollOrderedEnumeration)"
        if let path = listed.pathOutOfRange {
            findings.append(Finding(
                code: .enumerationDiffers, subject: .element(ElementID(kind: .cell, path: path)),
                problem: "\(call) gave an element at \(path), a path no ElementID holds, and the cache's sink stopped there",
                expected: .text("only paths of the data and of the declared spaces"), actual: .text("an element at \(path)")))
        }

        // Law 1 as the sink sees it: elements of positive width and height, each once.
        var expected: [LayoutAttributes] = []
        expected.reserveCapacity(whole.count)
        for element in whole where element.frame.size.width > 0 && element.frame.size.height > 0 {
            expected.append(element)
        }
        expected = sortedByID(expected)
        var unique: [LayoutAttributes] = []
        unique.reserveCapacity(expected.count)
        for element in expected where unique.last?.id != element.id { unique.append(element) }
        let actual = sortedByID(listed.elements)

        var missing: [LayoutAttributes] = [], extra: [LayoutAttributes] = [], twice: [LayoutAttributes] = []
        var moved: [(expected: LayoutAttributes, actual: LayoutAttributes)] = []
        var i = 0, j = 0
        while i < unique.count || j < actual.count {
            if j > 0, j < actual.count, actual[j].id == actual[j - 1].id {
                if twice.last?.id != actual[j].id { twice.append(actual[j]) }
                j += 1
            } else if j == actual.count || (i < unique.count && unique[i].id < actual[j].id) {
                missing.append(unique[i])
                i += 1
            } else if i == unique.count || actual[j].id < unique[i].id {
                extra.append(actual[j])
                j += 1
            } else {
                if !unique[i].frame.isIdentical(to: actual[j].frame) { moved.append((unique[i], actual[j])) }
                i += 1
                j += 1
            }
        }
        if !missing.isEmpty || !extra.isEmpty || !twice.isEmpty || !moved.isEmpty || listed.overflowed {
            var tally: [String] = []
            if !missing.isEmpty { tally.append("\(missing.count) left out") }
            if !twice.isEmpty { tally.append("\(twice.count) listed more than once") }
            if !extra.isEmpty { tally.append("\(extra.count) not in the whole-content answer") }
            if !moved.isEmpty { tally.append("\(moved.count) with another frame") }
            let counted = listed.overflowed
                ? "more than \(listed.elements.count) elements listed, where the rect query over the whole content returns \(unique.count)"
                : "\(listed.elements.count) elements listed, where the rect query over the whole content returns \(unique.count)"
            let summary = " (\(counted)" + (tally.isEmpty ? ")" : ": " + tally.joined(separator: ", ") + ")")
            // The first discrepancy in ID order, which is scroll order for a vertical layout.
            let firstMissing = missing.first?.id, firstExtra = extra.first?.id, firstTwice = twice.first?.id, firstMoved = moved.first?.expected.id
            let first = [firstMissing, firstTwice, firstExtra, firstMoved].compactMap { $0 }.min()
            let finding: Finding
            if let id = first, id == firstMissing, let element = missing.first {
                finding = Finding(
                    code: .enumerationDiffers, subject: .element(id),
                    problem: "\(call) left out \(id), which the rect query over the whole content returns" + summary,
                    expected: .attributes(element), actual: .text("\(id) not enumerated"))
            } else if let id = first, id == firstTwice, let element = twice.first {
                let times = actual.lazy.filter { $0.id == id }.count
                finding = Finding(
                    code: .enumerationDiffers, subject: .element(id),
                    problem: "\(call) listed \(id) \(times) times" + summary,
                    expected: .text("\(id) once"), actual: .elements(actual.filter { $0.id == element.id }))
            } else if let id = first, id == firstExtra, let element = extra.first {
                finding = Finding(
                    code: .enumerationDiffers, subject: .element(id),
                    problem: "\(call) listed \(id), which the rect query over the whole content does not return" + summary,
                    expected: .text("only the whole-content answer's elements"), actual: .attributes(element))
            } else if let pair = moved.first {
                finding = Finding(
                    code: .enumerationDiffers, subject: .element(pair.expected.id),
                    problem: "\(call) gives \(pair.expected.id) another frame than the rect query over the whole content" + summary,
                    expected: .attributes(pair.expected), actual: .attributes(pair.actual))
            } else {
                finding = Finding(
                    code: .enumerationDiffers, subject: .contentSize,
                    problem: "\(call) listed more elements than the cache's sink could hold" + summary,
                    expected: .text("\(unique.count) elements"), actual: .text("more than \(listed.elements.count)"))
            }
            findings.append(finding)
        }

        // The order, element by element as listed.
        let axis = alongX ? "x" : "y"
        func start(_ element: LayoutAttributes) -> Double { alongX ? element.frame.minX : element.frame.minY }
        var k = 1
        while k < listed.elements.count {
            let before = listed.elements[k - 1], after = listed.elements[k]
            if start(after) < start(before) {
                findings.append(Finding(
                    code: .enumerationOutOfOrder, subject: .element(after.id),
                    problem: "\(call) listed \(after.id), starting at \(axis) = \(start(after)), after \(before.id), starting at \(axis) = \(start(before)): elements must come in the order their frames start along the scroll axis (element \(k) of \(listed.elements.count))",
                    expected: .text("\(after.id) before \(before.id)"), actual: .elements([before, after])))
                break
            }
            k += 1
        }
        return findings
    }

    /// `elements` sorted by ID, stably (``Swift/Array/sortedByID()``).
    static func sortedByID(_ elements: [LayoutAttributes]) -> [LayoutAttributes] { elements.sortedByID() }

    // MARK: Traits (laws 5 and 6)

    /// The traits that differ between `actual` and `reference`, in words (`nil` when none
    /// does): pin rules compared as sets, numbers bit for bit. The declared supplementary
    /// spaces are left out: they are compared with the answers (``AnswerComparison``), and a
    /// difference is reported there once.
    static func traitsDifference(_ actual: LayoutTraits, _ reference: LayoutTraits) -> (expected: String, actual: String)? {
        var expected: [String] = [], found: [String] = []
        func note(_ name: String, _ a: String, _ r: String) {
            expected.append("\(name) \(r)")
            found.append("\(name) \(a)")
        }
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "nil" }
        func same(_ a: Double?, _ b: Double?) -> Bool { a?.bitPattern == b?.bitPattern }
        if actual.cellsDoNotOverlap != reference.cellsDoNotOverlap {
            note("cellsDoNotOverlap", "\(actual.cellsDoNotOverlap)", "\(reference.cellsDoNotOverlap)")
        }
        if !same(actual.lineHeight, reference.lineHeight) { note("lineHeight", number(actual.lineHeight), number(reference.lineHeight)) }
        if !same(actual.lineWidth, reference.lineWidth) { note("lineWidth", number(actual.lineWidth), number(reference.lineWidth)) }
        if actual.scrollAxes != reference.scrollAxes {
            note("scrollAxes", describe(actual.scrollAxes), describe(reference.scrollAxes))
        }
        if Set(actual.pinning) != Set(reference.pinning) {
            note("pinning", describe(actual.pinning), describe(reference.pinning))
        }
        if actual.tightness != reference.tightness {
            note("tightness", describe(actual.tightness), describe(reference.tightness))
        }
        if actual.measurementLocality != reference.measurementLocality {
            note("measurementLocality", actual.measurementLocality.map { "\($0)" } ?? "none",
                 reference.measurementLocality.map { "\($0)" } ?? "none")
        }
        if actual.rectQueriesScanEverything != reference.rectQueriesScanEverything {
            note("rectQueriesScanEverything", "\(actual.rectQueriesScanEverything)", "\(reference.rectQueriesScanEverything)")
        }
        if actual.sectionHeadersInOrder != reference.sectionHeadersInOrder {
            note("sectionHeadersInOrder", "\(actual.sectionHeadersInOrder)", "\(reference.sectionHeadersInOrder)")
        }
        guard !expected.isEmpty else { return nil }
        return (expected.joined(separator: "; "), found.joined(separator: "; "))
    }

    /// Reports under `law` (5 or 6) that `actual`, the traits of `who`, differ from
    /// `reference`, a fresh layout's.
    static func compareTraits(
        _ actual: LayoutTraits, with reference: LayoutTraits, law: ConformanceLaw, who: String, sink: inout ViolationSink
    ) {
        guard let difference = traitsDifference(actual, reference) else { return }
        sink.report(law, .traitsDiffer) {
            (.traits, "\(who) declares other traits than a freshly made layout prepared alike",
             .text(difference.expected), .text(difference.actual))
        }
    }

    static func describe(_ axes: ScrollAxes) -> String {
        switch (axes.contains(.vertical), axes.contains(.horizontal)) {
        case (true, true): "vertical and horizontal"
        case (true, false): "vertical"
        case (false, true): "horizontal"
        case (false, false): "none"
        }
    }

    static func describe(_ rules: [PinRule]) -> String {
        guard !rules.isEmpty else { return "none" }
        return rules.map { rule in
            let axis = rule.axis == .vertical ? "y" : "x"
            switch rule.reach {
            case .untilNext: return "\(rule.kind.name) along \(axis) until the next"
            case .band(let start, let end): return "\(rule.kind.name) along \(axis) as the band [\(start), \(end))"
            }
        }.joined(separator: ", ")
    }

    static func describe(_ tightness: ContentTightness?) -> String {
        guard let tightness else { return "none" }
        let i = tightness.insets
        return "\(describe(tightness.axes)), insets top \(i.top), left \(i.left), bottom \(i.bottom), right \(i.right)"
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

    /// Whether `L` adopts ``ScrollOrderedEnumeration``.
    static func enumeratesInScrollOrder<L: GridLayout>(_: L.Type) -> Bool { L.self is any ScrollOrderedEnumeration.Type }

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
        guard shift.fits(oldSections: oldSections, newSections: newSections) else {
            return wrong(
                "the data went from \(plural(oldSections, "section")) to \(newSections): sections \(shift.movedFrom)..<\(oldSections) before cannot be sections \(shift.movedTo)..<\(newSections) after, or the first changed section is not before both, or a boundary inside a section is not in one",
                expected: "0 ≤ firstChanged ≤ movedFrom ≤ \(oldSections), firstChanged ≤ movedTo ≤ \(newSections), \(oldSections) − movedFrom = \(newSections) − movedTo; an item boundary only inside an existing section, firstChangedItem ≤ movedFromItem in one",
                actual: describe(shift))
        }
        if shift.sectionsMoveApart {
            return apartShiftFinding(shift, old: old, new: new, said: said)
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
            let part = shift.part(of: element, before: false)
            if element.kind == .cell, let wrongPart = itemBoundaryFinding(shift, element, part, before: false, said: said) { return wrongPart }
            if part == .kept {
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
            } else if part == .moved {
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
            let part = shift.part(of: element, before: true)
            if element.kind == .cell, let wrongPart = itemBoundaryFinding(shift, element, part, before: true, said: said) { return wrongPart }
            if part == .laidAgain {
                let oldUpper = upper - shift.offset
                if (shift.firstChangedItem > 0 || shift.movedFromItem > 0) && (element.frame.minY < lower || element.frame.maxY > oldUpper) {
                    return Finding(
                        code: .shiftMisreported, subject: .element(element.id),
                        problem: said + ", a boundary inside a section, but \(element.id), laid again, lay outside the changed span before the update",
                        expected: .text("an element within y ∈ [\(lower), \(oldUpper)] before the update"), actual: .attributes(element))
                }
            } else {
                let becomes = part == .kept ? section : section - shift.movedFrom + shift.movedTo
                let id = ElementID(kind: element.kind, path: ItemPath(section: becomes, item: element.path.item))
                return Finding(
                    code: .shiftMisreported, subject: .element(element.id),
                    problem: said + ", so \(element.id) is kept or moved (as \(id)), but the layout places no \(id) after the update",
                    expected: .text("\(id) after the update"), actual: .text("no \(id)"))
            }
        }
        return nil
    }

    /// A cell on the wrong side of an item boundary: in the section a boundary cuts, the
    /// part a cell starts in (``SectionShift/part(of:before:)``) must be the part its item
    /// number says (before ``SectionShift/firstChangedItem`` kept, from
    /// ``SectionShift/movedFromItem`` on moved). `nil` when it is on its side.
    static func itemBoundaryFinding(_ shift: SectionShift, _ cell: LayoutAttributes, _ part: SectionShift.Part, before: Bool, said: String) -> Finding? {
        let section = cell.path.section, item = cell.path.item
        if shift.firstChangedItem > 0 && section == shift.firstChanged && (item < shift.firstChangedItem) != (part == .kept) {
            return Finding(
                code: .shiftMisreported, subject: .element(cell.id),
                problem: said + ", but \(cell.id) starts at y = \(cell.frame.minY), on the wrong side of the changed span's start for item \(item) of the section cut at item \(shift.firstChangedItem)",
                expected: .text(item < shift.firstChangedItem ? "kept: minY < \(shift.changedSpan.lowerBound)" : "minY ≥ \(shift.changedSpan.lowerBound)"),
                actual: .attributes(cell))
        }
        let movedSection = before ? shift.movedFrom : shift.movedTo
        if shift.movedFromItem > 0 && section == movedSection && (item >= shift.movedFromItem) != (part == .moved) {
            return Finding(
                code: .shiftMisreported, subject: .element(cell.id),
                problem: said + ", but \(cell.id) starts at y = \(cell.frame.minY), on the wrong side of the changed span's end for item \(item) of the section cut at item \(shift.movedFromItem)",
                expected: .text(item >= shift.movedFromItem ? "moved: minY at or below the changed span's end" : "laid again: minY above the changed span's end"),
                actual: .attributes(cell))
        }
        return nil
    }

    /// Law 6 on a shift of sections that move apart (``SectionShift/sectionsMoveApart``): the
    /// sections before ``SectionShift/firstChanged`` kept bit for bit; each section from
    /// ``SectionShift/movedFrom`` on become section ``SectionShift/movedTo`` on, every element
    /// of it moved by one offset `(dx, dy)`, the section's own, and nothing else changed; every
    /// `minX` and `minY` exact. `nil` when the word is true.
    /// - Complexity: O(n) for n elements, with one dictionary of the old ones.
    static func apartShiftFinding(_ shift: SectionShift, old: [LayoutAttributes], new: [LayoutAttributes], said: String) -> Finding? {
        var oldByID: [ElementID: LayoutAttributes] = [:]
        oldByID.reserveCapacity(old.count)
        for element in old where element.frame.size.width > 0 && element.frame.size.height > 0 && oldByID[element.id] == nil {
            oldByID[element.id] = element
        }
        var matched = Set<ElementID>()
        // The offset of each moved section, from the first of its elements met.
        var offsets: [Int: (dx: Double, dy: Double)] = [:]
        for element in sortedByID(new.filter { $0.frame.size.width > 0 && $0.frame.size.height > 0 }) {
            let id = element.id
            guard SectionShift.isExact(element.frame.minY), SectionShift.isExact(element.frame.minX) else {
                return Finding(
                    code: .shiftMisreported, subject: .element(id),
                    problem: said + ", sections moving apart, but \(id) starts at (\(element.frame.minX), \(element.frame.minY)), not multiples of 2⁻¹⁰: coordinates are not exact, and a shift must not be promised",
                    expected: .text("every minX and minY a multiple of 2⁻¹⁰ below 2⁴²"), actual: .attributes(element))
            }
            let part = shift.part(of: element, before: false)
            guard part != .laidAgain else { continue }
            let oldSection = part == .kept ? element.path.section : element.path.section - shift.movedTo + shift.movedFrom
            let oldID = ElementID(kind: element.kind, path: ItemPath(section: oldSection, item: element.path.item))
            guard let before = oldByID[oldID] else {
                return Finding(
                    code: .shiftMisreported, subject: .element(id),
                    problem: said + ", so section \(element.path.section) is section \(oldSection) kept or moved, but \(id) has no counterpart \(oldID) before the update",
                    expected: .text("\(oldID) before the update"), actual: .attributes(element))
            }
            matched.insert(oldID)
            let offset = part == .kept
                ? (dx: 0.0, dy: 0.0)
                : offsets[element.path.section] ?? (element.frame.minX - before.frame.minX, element.frame.minY - before.frame.minY)
            offsets[element.path.section] = offset
            var moved = before
            moved.path = element.path
            moved.frame.origin.x = before.frame.minX + offset.dx
            moved.frame.origin.y = before.frame.minY + offset.dy
            guard moved.isIdentical(to: element) else {
                return Finding(
                    code: .shiftMisreported, subject: .element(id),
                    problem: said + (part == .kept
                        ? ", so section \(element.path.section) is kept as it was, but \(id) changed"
                        : ", so section \(oldSection) moved whole to become section \(element.path.section), by (\(offset.dx), \(offset.dy)) as its first element did, but \(oldID) went from \(before.frame) to \(element.frame)"),
                    expected: .attributes(moved), actual: .attributes(element))
            }
        }
        for element in sortedByID(Array(oldByID.values)) where !matched.contains(element.id) {
            guard SectionShift.isExact(element.frame.minY), SectionShift.isExact(element.frame.minX) else {
                return Finding(
                    code: .shiftMisreported, subject: .element(element.id),
                    problem: said + ", sections moving apart, but \(element.id) started at (\(element.frame.minX), \(element.frame.minY)) before the update, not multiples of 2⁻¹⁰",
                    expected: .text("every minX and minY a multiple of 2⁻¹⁰ below 2⁴²"), actual: .attributes(element))
            }
            guard shift.part(of: element, before: true) == .laidAgain else {
                return Finding(
                    code: .shiftMisreported, subject: .element(element.id),
                    problem: said + ", so \(element.id) is kept or moved, but the layout places nothing it became after the update",
                    expected: .text("its counterpart after the update"), actual: .text("none"))
            }
        }
        return nil
    }

    /// `sections 2… moved by 79.0 to 3…, 1 laid again in [101.0, 180.0]`-style wording.
    static func describe(_ shift: SectionShift) -> String {
        if shift.sectionsMoveApart {
            return "SectionShift.apart(firstChanged: \(shift.firstChanged), movedFrom: \(shift.movedFrom), movedTo: \(shift.movedTo))"
        }
        let items = (shift.firstChangedItem > 0 ? ", firstChangedItem: \(shift.firstChangedItem)" : "")
            + (shift.movedFromItem > 0 ? ", movedFromItem: \(shift.movedFromItem)" : "")
        return "SectionShift(firstChanged: \(shift.firstChanged), movedFrom: \(shift.movedFrom), movedTo: \(shift.movedTo), offset: \(shift.offset), changedSpan: \(shift.changedSpan.lowerBound)...\(shift.changedSpan.upperBound)\(items))"
    }
}
