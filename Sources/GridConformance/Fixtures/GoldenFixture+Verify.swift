import GridCore

extension GoldenFixture {
    /// Prepares a layout made by `makeLayout` with the fixture's data and container and
    /// compares every answer with the fixture: the content size, the rect query over the whole
    /// content, the per-item answer of every path and the supplementary answers.
    ///
    /// - Returns: every difference; empty when the layout answers exactly as recorded.
    public func verify<L: GridLayout>(makeLayout: () -> L) -> [FixtureMismatch] {
        var layout = makeLayout()
        do {
            try layout.prepare(data: data, container: container)
        } catch {
            return [FixtureMismatch(
                kind: .prepareFailed, fixture: name, element: nil, query: "prepare(data:container:)",
                expected: .text("prepare succeeds"), actual: .text("threw \(error)"))]
        }
        return verify(prepared: layout)
    }

    /// Compares a layout, already prepared with the fixture's data and container, with the
    /// fixture. The supplementary queries come from the spaces the layout declares.
    public func verify(prepared layout: some GridLayout) -> [FixtureMismatch] {
        let plan = queryPlan(spaces: layout.traits.supplementaries)
        return compare(layout.answers(to: plan), plan: plan)
    }

    /// A query file of one case that asks for everything the fixture holds, for a layout
    /// outside Swift to answer; check its answers with ``verify(answers:queries:answersFile:queriesFile:)``.
    ///
    /// The fixture does not record what its layout declares, so the supplementary queries
    /// are those of a layout that declares nothing (a header and a footer per section) and
    /// every supplementary element the fixture holds.
    public func queries() -> ConformanceQueries {
        let plan = queryPlan(spaces: SupplementaryPaths.sectionHeadersAndFooters)
        return ConformanceQueries(
            round: 1, seed: 0,
            cases: [ConformanceQueries.Case(plan, id: name, instance: 0, data: data, container: container)])
    }

    /// Compares a third party's answers with the fixture: the answers to the case of
    /// `queries` (one made by ``queries()``, or any query file) that has the fixture's data
    /// and container.
    ///
    /// - Throws: `InputError` when the answers do not fit the queries, or no case of the
    ///   queries has the fixture's data and container.
    public func verify(
        answers: ConformanceAnswers, queries: ConformanceQueries, answersFile: String = "answers.json",
        queriesFile: String = "queries.json"
    ) throws(InputError) -> [FixtureMismatch] {
        let matched = try queries.match(answers, queriesFile: queriesFile, answersFile: answersFile)
        guard let index = queries.cases.indices.first(where: {
            queries.cases[$0].data == data && queries.cases[$0].container == container && queries.cases[$0].check.sameAnswersAs == nil
                && queries.cases[$0].items.count + queries.cases[$0].supplementary.count > 0
        }) else {
            throw InputError(
                file: queriesFile, field: "cases", value: "no case with the data and container of fixture \(name)",
                expected: "a case with \(ConformanceConfiguration.describe(data)) in a \(container) container")
        }
        let query = queries.cases[index]
        guard let answers = matched[index].answered else {
            return [FixtureMismatch(
                kind: .prepareFailed, fixture: name, element: nil, query: "case \"\(query.id)\"",
                expected: .text("prepare succeeds"), actual: .text("skipped: \(matched[index].skipped ?? "")"))]
        }
        return compare(answers, plan: query.plan)
    }

    /// The fixture's queries: the huge rect, every path of the data, and the supplementary
    /// requests of the in-process suite for a layout declaring `spaces` (in each space, just
    /// outside it, and a few paths of every kind not declared), along with every
    /// supplementary element the fixture holds.
    private func queryPlan(spaces: [SupplementaryPaths]) -> ProbePlan {
        var plan = ProbePlan()
        plan.add(ProbePlan.huge, .wholeContent)
        plan.items = ProbePlan.itemProbes(data).filter { data.contains($0) }
        plan.supplementary = ProbePlan.supplementaryProbes(data, spaces: spaces, whole: elements)
        return plan
    }

    /// Every difference between `answers` to `plan` and the fixture.
    private func compare(_ answers: CaseAnswers, plan: ProbePlan) -> [FixtureMismatch] {
        var mismatches: [FixtureMismatch] = []
        let expected = Dictionary(elements.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if answers.contentSize.width.bitPattern != contentSize.width.bitPattern
            || answers.contentSize.height.bitPattern != contentSize.height.bitPattern {
            mismatches.append(FixtureMismatch(
                kind: .contentSize, fixture: name, element: nil, query: "contentSize",
                expected: .size(contentSize), actual: .size(answers.contentSize)))
        }
        // The whole content: every element of positive area, once.
        let wholeQuery = "the rect query over the whole content"
        var returned = Set<ElementID>()
        for element in answers.rects[plan.wholeIndex] {
            guard returned.insert(element.id).inserted else { continue }
            if let known = expected[element.id] {
                if !known.isIdentical(to: element) {
                    mismatches.append(.init(kind: .frame, fixture: name, element: element.id, query: wholeQuery, expected: .attributes(known), actual: .attributes(element)))
                }
            } else {
                mismatches.append(.init(kind: .unexpectedElement, fixture: name, element: element.id, query: wholeQuery, expected: .attributes(nil), actual: .attributes(element)))
            }
        }
        for element in elements where !element.frame.isEmpty && !returned.contains(element.id) {
            mismatches.append(.init(kind: .missingElement, fixture: name, element: element.id, query: wholeQuery, expected: .attributes(element), actual: .attributes(nil)))
        }
        // Per-item and supplementary answers: exactly the fixture's, or nil where it holds none.
        let asked = plan.items.map { (ElementID(kind: .cell, path: $0), "attributes(at: \($0))") }
            + plan.supplementary.map { ($0.id, "supplementary(\($0.kind.name), at: \($0.path))") }
        let given = answers.items + answers.supplementary
        for ((id, query), answer) in zip(asked, given) {
            let known = expected[id]
            switch (known, answer) {
            case (nil, nil):
                continue
            case (let known?, let answer?) where known.isIdentical(to: answer):
                continue
            case (let known?, let answer?):
                mismatches.append(.init(kind: .frame, fixture: name, element: id, query: query, expected: .attributes(known), actual: .attributes(answer)))
            case (let known?, nil):
                mismatches.append(.init(kind: .missingElement, fixture: name, element: id, query: query, expected: .attributes(known), actual: .attributes(nil)))
            case (nil, let answer?):
                mismatches.append(.init(kind: .unexpectedElement, fixture: name, element: id, query: query, expected: .attributes(nil), actual: .attributes(answer)))
            }
        }
        return mismatches
    }
}
