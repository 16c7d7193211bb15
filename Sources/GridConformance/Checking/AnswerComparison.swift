import GridCore

/// Laws 5 and 6: two layouts that should answer alike, compared answer by answer, bit for
/// bit. Rect answers are compared as sets (law 1 allows any order), element by element;
/// the declared supplementary spaces as sets; display positions per item query.
enum AnswerComparison {
    /// Reports into `sink`, under `law`, every answer of `actual` that differs from the
    /// same answer of `reference`; `reference` is the freshly made layout's.
    static func compare(
        _ actual: CaseAnswers, with reference: CaseAnswers, plan: ProbePlan,
        law: ConformanceLaw, who: String, sink: inout ViolationSink
    ) {
        if actual.contentSize.width.bitPattern != reference.contentSize.width.bitPattern
            || actual.contentSize.height.bitPattern != reference.contentSize.height.bitPattern {
            sink.report(law, .answersDiffer) {
                (.contentSize, "\(who) has another content size", .size(reference.contentSize), .size(actual.contentSize))
            }
        }
        if Set(actual.supplementaries) != Set(reference.supplementaries) {
            sink.report(law, .answersDiffer) {
                (.declaredSupplementaries, "\(who) declares other supplementary spaces",
                 .text(ElementSpace.describe(reference.supplementaries)), .text(ElementSpace.describe(actual.supplementaries)))
            }
        }
        for (index, rect) in plan.rects.enumerated() {
            if !sameElements(actual.rects[index], reference.rects[index]) {
                sink.report(law, .answersDiffer) {
                    (.rect(rect, plan.roles[index]), "\(who) answers this rect query differently",
                     .elements(reference.rects[index].sorted { $0.id < $1.id }), .elements(actual.rects[index].sorted { $0.id < $1.id }))
                }
            }
        }
        for (index, path) in plan.items.enumerated() where !same(actual.items[index], reference.items[index]) {
            sink.report(law, .answersDiffer) {
                (.element(ElementID(kind: .cell, path: path)), "\(who) answers attributes(at: \(path)) differently",
                 .attributes(reference.items[index]), .attributes(actual.items[index]))
            }
        }
        if actual.itemPlacements != reference.itemPlacements {
            for (index, path) in plan.items.enumerated() {
                let a = actual.itemPlacements.isEmpty ? nil : actual.itemPlacements[index]
                let b = reference.itemPlacements.isEmpty ? nil : reference.itemPlacements[index]
                guard a != b else { continue }
                sink.report(law, .answersDiffer) {
                    (.element(ElementID(kind: .cell, path: path)), "\(who) places cell\(path) in another display row or column",
                     .text(b.map(CaseChecker.describe) ?? "no display position"), .text(a.map(CaseChecker.describe) ?? "no display position"))
                }
            }
        }
        for (index, request) in plan.supplementary.enumerated()
        where !same(actual.supplementary[index], reference.supplementary[index]) {
            sink.report(law, .answersDiffer) {
                (.element(request.id), "\(who) answers supplementary(\(request.kind.name), at: \(request.path)) differently",
                 .attributes(reference.supplementary[index]), .attributes(actual.supplementary[index]))
            }
        }
    }

    /// The same elements, bit for bit, in any order (the common case, the same order,
    /// needs no sorting).
    static func sameElements(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Bool {
        guard a.count == b.count else { return false }
        if identical(a, b) { return true }
        return identical(a.sortedByID(), b.sortedByID())
    }

    /// Element by element, bit for bit, in the order given (a loop, not `zip`: the suite
    /// runs this on every answer of every comparison, in debug builds too).
    private static func identical(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Bool {
        guard a.count == b.count else { return false }
        var index = 0
        while index < a.count {
            if !a[index].isIdentical(to: b[index]) { return false }
            index += 1
        }
        return true
    }

    static func same(_ a: LayoutAttributes?, _ b: LayoutAttributes?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.isIdentical(to: b)
        default: false
        }
    }
}
