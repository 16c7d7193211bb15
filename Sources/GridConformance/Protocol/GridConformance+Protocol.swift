import Foundation
import GridCore

extension GridConformance {
    /// Checks an external layout's answers against the queries they answer: laws 1–4 and 7
    /// on every answered case (law 1 against the case's own whole-content answer), law 8 when
    /// the answers declare `cellsDoNotOverlap`, law 5 for cases the query file asks twice of
    /// new instances, law 6 for cases that prepare an instance again. Under laws 5 and 6 the
    /// traits each case declares (tightness, line sizes, pinning) are compared too, and under
    /// law 6 the `shift` an answer gives for a told update is compared with what moved.
    /// Law 10 is checked on each measurement (`set-item-sizes`) told to an instance whose
    /// last case declared `measurementLocality`: that case's whole content against this one's.
    ///
    /// Answers cannot show whether a rect query appends to its caller's buffer, and they are
    /// not shrunk; everything else reads as the in-process suite's report.
    ///
    /// - Throws: `InputError` naming the file, the field and the value when the answers do not
    ///   fit the queries: an answer for a case the queries do not hold, a case left
    ///   unanswered or answered twice, or a different number of answers than queries.
    public static func check(
        queries: ConformanceQueries, answers: ConformanceAnswers,
        queriesFile: String = "queries.json", answersFile: String = "answers.json",
        maxViolations: Int = 20
    ) throws(InputError) -> ConformanceReport {
        try queries.validate(file: queriesFile)
        let matched = try queries.match(answers, queriesFile: queriesFile, answersFile: answersFile)
        let name = answers.layout ?? "the layout that wrote \(answersFile)"
        var laws = Set<ConformanceLaw>([.completeness, .agreement, .validity, .containment, .additivity, .tightness])
        if answers.traits.cellsDoNotOverlap { laws.insert(.nonOverlap) }

        var found: [ConformanceViolation] = []
        var reportsShifts = false
        var counts = ConformanceReport.Counts()
        var skipped: [ConformanceReport.Skipped] = []
        var lastCaseOfInstance: [Int: Int] = [:]
        var indexByID: [String: Int] = [:]
        for (index, query) in queries.cases.enumerated() {
            defer {
                lastCaseOfInstance[query.instance] = index
                indexByID[query.id] = index
            }
            var configuration = ConformanceConfiguration(data: query.data, container: query.container)
            let previousCase = lastCaseOfInstance[query.instance]
            if let previous = previousCase {
                let earlier = queries.cases[previous]
                configuration.previous = .init(
                    data: earlier.data, container: earlier.container, change: query.check.change, invalidation: query.told)
            }
            let plan = query.plan
            let repeatsForLaw5 = query.check.sameAnswersAs.map { $0.law != 6 } ?? false
            if let answer = matched[index].answered, !repeatsForLaw5 {
                // A law-5 repeat is compared with its first case below; checked again on its own,
                // its answers (the same, if law 5 holds) would report every violation twice.
                var checker = CaseChecker(
                    data: query.data, plan: plan, answers: answer, declaresNonOverlap: answers.traits.cellsDoNotOverlap,
                    sink: ViolationSink(laws: laws, layout: name, configuration: configuration))
                checker.run()
                counts = counts + checker.counts
                found += checker.sink.firstPerLaw.map { Self.located($0, in: query) }
            } else if let reason = matched[index].skipped {
                skipped.append(.init(configuration: configuration, reason: reason))
            }
            // What the layout says a told update did, against what moved: its elements before
            // (its last case's whole content) and a fresh layout's after (the case this one
            // must answer like, else its own).
            if query.told != nil, let previous = previousCase, let before = matched[previous].answered, let after = matched[index].answered {
                counts.shiftReports += 1
                if let shift = matched[index].shift {
                    reportsShifts = true
                    counts.shiftsCompared += 1
                    laws.insert(.freshness)
                    let fresh = query.check.sameAnswersAs.flatMap { indexByID[$0.case] }.flatMap { target in
                        matched[target].answered.map { ($0, queries.cases[target].check.wholeContentRect) }
                    } ?? (after, query.check.wholeContentRect)
                    if let finding = Promises.shiftFinding(
                        shift, old: before.rects[queries.cases[previous].check.wholeContentRect], oldData: queries.cases[previous].data,
                        new: fresh.0.rects[fresh.1], newData: query.data) {
                        var sink = ViolationSink(laws: [.freshness], layout: name, configuration: configuration)
                        sink.report(.freshness, finding.code) { (finding.subject, finding.problem, finding.expected, finding.actual) }
                        found += sink.firstPerLaw.map { Self.located($0, in: query) }
                    }
                }
            }
            // Law 10: a measurement told to an instance whose last case declared locality
            // moves nothing of that case's whole content before the measured item's line.
            if let previous = previousCase, let before = matched[previous].answered, let after = matched[index].answered,
               let declared = matched[previous].traits?.measurementLocality,
               let locality = Locality(
                   declared: declared, invalidation: query.told,
                   oldContainer: queries.cases[previous].container, newContainer: query.container,
                   elements: { before.rects[queries.cases[previous].check.wholeContentRect] }) {
                laws.insert(.locality)
                counts.localityChecks += 1
                var sink = ViolationSink(laws: [.locality], layout: name, configuration: configuration)
                locality.check(
                    after: after.rects[query.check.wholeContentRect],
                    declaration: "the measurementLocality of case \"\(queries.cases[previous].id)\"", sink: &sink)
                found += sink.firstPerLaw.map { Self.located($0, in: query) }
            }
            guard let same = query.check.sameAnswersAs, let target = indexByID[same.case] else { continue }
            let law: ConformanceLaw = same.law == 6 ? .freshness : .determinism
            // Law 6 compares nothing when the instance's earlier preparation was refused: the
            // instance is then as good as new.
            if law == .freshness, let earlier = previousCase, matched[earlier].answered == nil, matched[earlier].skipped != nil {
                continue
            }
            laws.insert(law)
            var sink = ViolationSink(laws: [law], layout: name, configuration: configuration)
            let who = law == .freshness ? "the layout prepared again" : "a second layout made and prepared alike"
            switch (matched[index].answered, matched[target].answered) {
            case (let actual?, let reference?):
                if law == .freshness { counts.freshnessComparisons += 1 } else { counts.determinismComparisons += 1 }
                AnswerComparison.compare(actual, with: reference, plan: plan, law: law, who: who, sink: &sink)
                if let mine = matched[index].traits, let theirs = matched[target].traits {
                    Promises.compareTraits(mine, with: theirs, law: law, who: who, sink: &sink)
                    counts.traitsComparisons += 1
                }
            case (nil, nil):
                break
            case (let actual, _):
                let refused = actual == nil ? "this case" : "case \"\(same.case)\""
                sink.report(law, .prepareDiffers) {
                    (.preparation, "the layout refused \(refused) (answered \"skipped\") but not the other, which must answer alike",
                     .text("both answered, or both skipped"),
                     .text("case \"\(query.id)\": \(matched[index].skipped ?? "answered"); case \"\(same.case)\": \(matched[target].skipped ?? "answered")"))
                }
            }
            found += sink.firstPerLaw.map { Self.located($0, in: query) }
        }
        if counts.tightnessChecks == 0 { laws.remove(.tightness) }
        let (kept, omitted) = ConformanceReport.capped(found, at: maxViolations)
        var report = ConformanceReport(
            layout: name, violations: kept, omittedViolations: omitted,
            checked: counts, skipped: skipped, lawsChecked: laws.sorted())
        report.fromAnswers = true
        // An enumeration is a Swift call, not something answers can show.
        report.promises = ConformanceReport.promises(counts: counts, reportsShifts: reportsShifts, enumerates: false)
            .filter { $0.kind != .scrollOrderedEnumeration }
        return report
    }

    /// `violation` with where it was seen in the query file: the case id and, for a rect,
    /// an item, a supplementary view or a split, its index in the case's lists.
    static func located(_ violation: ConformanceViolation, in query: ConformanceQueries.Case) -> ConformanceViolation {
        var located = violation
        var place = "case \"\(query.id)\""
        switch violation.subject {
        case .rect(let rect, _):
            if let index = query.rects.firstIndex(where: { $0.isIdentical(to: rect) }) { place += ", rects[\(index)]" }
        case .split(let whole, let first, let second):
            if let index = query.check.splits.firstIndex(where: { split in
                split.count == 3 && [whole, first, second].indices.allSatisfy { query.rects.indices.contains(split[$0]) && query.rects[split[$0]].isIdentical(to: [whole, first, second][$0]) }
            }) {
                place += ", check.splits[\(index)] (rects \(query.check.splits[index].map(String.init).joined(separator: ", ")))"
            }
        case .element(let id):
            if id.kind == .cell, let index = query.items.firstIndex(of: id.path) {
                place += ", items[\(index)]"
            } else if let kind = id.kind, let index = query.supplementary.firstIndex(of: SupplementaryRequest(kind: kind, path: id.path)) {
                place += ", supplementary[\(index)]"
            }
        case .elementPair, .contentSize, .declaredSupplementaries, .traits, .preparation:
            break
        }
        located.location = place
        return located
    }

    /// Reads a query file and an answer file and checks the answers; what
    /// `gridbench conform --queries FILE --answers FILE` runs.
    ///
    /// - Throws: `InputError` naming the file, the field and the value for a file that
    ///   cannot be read, or answers that do not fit the queries.
    public static func check(queriesAt queriesURL: URL, answersAt answersURL: URL, maxViolations: Int = 20) throws(InputError) -> ConformanceReport {
        let queries = try ConformanceQueries.load(from: queriesURL)
        let answers = try ConformanceAnswers.load(from: answersURL)
        return try check(
            queries: queries, answers: answers, queriesFile: queriesURL.path, answersFile: answersURL.path,
            maxViolations: maxViolations)
    }
}

extension ConformanceQueries {
    /// One case's answers, matched to its query.
    struct Matched {
        /// The answers, when the case was answered.
        var answered: CaseAnswers?
        /// Why the layout refused the case, when it did.
        var skipped: String?
        /// What the answer declares about the layout, with the file's traits.
        var traits: LayoutTraits?
        /// What the answer says a told update did.
        var shift: SectionShift?
    }

    /// The answers in query order, after checking that they fit: every case answered once,
    /// no answer for an unknown case, as many answers as queries.
    func match(_ answers: ConformanceAnswers, queriesFile: String, answersFile: String) throws(InputError) -> [Matched] {
        var answerIndex: [String: Int] = [:]
        let queryIndex = Dictionary(cases.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        for (index, answer) in answers.cases.enumerated() {
            guard queryIndex[answer.id] != nil else {
                throw InputError(
                    file: answersFile, field: "cases[\(index)].id", value: "\"\(answer.id)\"",
                    expected: "the id of a case in \(queriesFile)")
            }
            guard answerIndex[answer.id] == nil else {
                throw InputError(
                    file: answersFile, field: "cases[\(index)].id", value: "\"\(answer.id)\"",
                    expected: "one answer per case; case \"\(answer.id)\" is already answered at cases[\(answerIndex[answer.id] ?? 0)]")
            }
            answerIndex[answer.id] = index
        }
        var result: [Matched] = []
        result.reserveCapacity(cases.count)
        for query in cases {
            guard let index = answerIndex[query.id] else {
                throw InputError(
                    file: answersFile, field: "cases", value: "no answer for case \"\(query.id)\"",
                    expected: "one answer for each of the \(cases.count) cases of \(queriesFile)")
            }
            let answer = answers.cases[index]
            if let reason = answer.skipped {
                result.append(Matched(skipped: reason))
                continue
            }
            let field = "cases[\(index)]"
            guard let contentSize = answer.contentSize else {
                throw InputError(file: answersFile, field: "\(field).contentSize", value: "missing", expected: "the content size, or \"skipped\" with the reason prepare failed")
            }
            guard let rects = answer.rects, rects.count == query.rects.count else {
                throw InputError(
                    file: answersFile, field: "\(field).rects", value: answer.rects.map { "\($0.count) answers" } ?? "missing",
                    expected: "one answer per query rect of case \"\(query.id)\": \(query.rects.count)")
            }
            guard let items = answer.items, items.count == query.items.count else {
                throw InputError(
                    file: answersFile, field: "\(field).items", value: answer.items.map { "\($0.count) answers" } ?? "missing",
                    expected: "one answer per item query of case \"\(query.id)\": \(query.items.count)")
            }
            guard let supplementary = answer.supplementary, supplementary.count == query.supplementary.count else {
                throw InputError(
                    file: answersFile, field: "\(field).supplementary", value: answer.supplementary.map { "\($0.count) answers" } ?? "missing",
                    expected: "one answer per supplementary query of case \"\(query.id)\": \(query.supplementary.count)")
            }
            result.append(Matched(
                answered: CaseAnswers(
                    contentSize: contentSize, rects: rects, items: items, supplementary: supplementary,
                    declared: answer.declaredSupplementaries, tightness: answer.tightness),
                traits: answer.declaredTraits(answers.traits), shift: answer.shift))
        }
        return result
    }
}

extension CaseAnswers {
    /// An answer file's answers to one case: the elements' attributes, their display
    /// positions where any are given, and the declared spaces (a header and a footer per
    /// section when the answer declares none).
    init(
        contentSize: Size, rects: [[ConformanceAnswers.Element]], items: [ConformanceAnswers.Element?],
        supplementary: [ConformanceAnswers.Element?], declared: [SupplementaryPaths]?, tightness: ContentTightness? = nil
    ) {
        let itemPlacements = items.map { $0?.placement }
        let placesInRects = rects.contains { $0.contains { $0.placement != nil } }
        self.init(
            contentSize: contentSize,
            rects: rects.map { $0.map(\.attributes) },
            items: items.map { $0?.attributes },
            supplementary: supplementary.map { $0?.attributes },
            supplementaries: declared ?? SupplementaryPaths.sectionHeadersAndFooters,
            itemPlacements: itemPlacements.contains { $0 != nil } ? itemPlacements : [],
            rectPlacements: placesInRects ? rects.map { $0.map(\.placement) } : nil,
            tightness: tightness)
    }
}
