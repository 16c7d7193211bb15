import GridCore

extension ConformanceQueries {
    /// Round 1: the query file for an external layout, made from the same configurations as
    /// the in-process suite, without knowing anything of the layout.
    ///
    /// For every container and data shape: a case on a new instance, and the same case again
    /// on another new instance (law 5). For every change (data changes in the first
    /// container, rotation in every container): a case answered by a fresh layout with the
    /// changed data or container, a case that only prepares a new instance with the original,
    /// and a case that prepares that instance again with the change and must answer as the
    /// fresh one did (law 6), telling it what changed (`told`) wherever the in-process suite
    /// tells a Swift layout.
    public static func make(options: ConformanceOptions = ConformanceOptions()) -> ConformanceQueries {
        var builder = Builder(seed: options.seed, randomRects: options.randomRects)
        for container in options.containers {
            for data in options.dataShapes {
                let first = builder.addFresh(data: data, container: container)
                builder.addRepeat(of: first, law: 5, instance: builder.newInstance(), change: nil)
            }
        }
        for configuration in options.freshnessConfigurations {
            guard let previous = configuration.previous else { continue }
            let fresh = builder.addFresh(data: configuration.data, container: configuration.container)
            let instance = builder.newInstance()
            builder.addPrepareOnly(data: previous.data, container: previous.container, instance: instance)
            builder.addRepeat(of: fresh, law: 6, instance: instance, change: previous.change)
            builder.cases[builder.cases.count - 1].told = previous.invalidation
        }
        return ConformanceQueries(round: 1, seed: options.seed, cases: builder.cases)
    }

    /// Builds a query file case by case.
    struct Builder {
        let seed: UInt64
        let randomRects: Int
        var cases: [Case] = []
        private var instances = 0

        init(seed: UInt64, randomRects: Int) {
            self.seed = seed
            self.randomRects = randomRects
        }

        mutating func newInstance() -> Int {
            instances += 1
            return instances - 1
        }

        private var nextID: String { "c\(cases.count)" }

        /// A case on a new instance with a round-1 plan; returns its index.
        mutating func addFresh(data: DataShape, container: Size) -> Int {
            let plan = ProbePlan.blind(data: data, container: container, seed: SeededRandom.mix(seed &+ UInt64(cases.count)), randomRects: randomRects)
            cases.append(Case(plan, id: nextID, instance: newInstance(), data: data, container: container))
            return cases.count - 1
        }

        /// The case at `index` again, on `instance`, which must answer the same (law 5 or 6).
        mutating func addRepeat(of index: Int, law: Int, instance: Int, change: ConformanceChange?) {
            var copy = cases[index]
            copy.check.sameAnswersAs = SameAnswers(case: copy.id, law: law)
            copy.check.change = change
            copy.id = nextID
            copy.instance = instance
            cases.append(copy)
        }

        /// A case that prepares `instance` and asks only for the whole content.
        mutating func addPrepareOnly(data: DataShape, container: Size, instance: Int) {
            cases.append(Case(
                id: nextID, instance: instance, data: data, container: container, rects: [ProbePlan.huge], items: [],
                supplementary: [], check: Check(wholeContentRect: 0, rectRoles: [ConformanceViolation.RectRole.wholeContent.name])))
        }
    }

    /// Round 2: these queries with every answered case's probe plan rebuilt from its
    /// answers, as the in-process suite builds it: the whole content with a margin, strips
    /// on both sides of every line where the layout's frames start or end, rects touching the
    /// content's edges, random rects over the whole content and their halves, the
    /// supplementary requests of the spaces the case declares and the supplementary elements
    /// the layout placed; for a layout that declares it scrolls sideways (or whose content is
    /// wider than the container), rects at crossings of row and column boundaries too. Cases
    /// that must answer like another copy its new queries; cases that only prepare, or that
    /// the layout refused, stay as they were.
    ///
    /// - Throws: `InputError` when the answers do not match these queries (see
    ///   ``GridConformance/check(queries:answers:queriesFile:answersFile:maxViolations:)``).
    public func refined(
        with answers: ConformanceAnswers, randomRects: Int = 24,
        queriesFile: String = "queries.json", answersFile: String = "answers.json"
    ) throws(InputError) -> ConformanceQueries {
        let matched = try match(answers, queriesFile: queriesFile, answersFile: answersFile)
        var result = self
        result.round = min(round + 1, Self.rounds.upperBound)
        var byID: [String: Int] = [:]
        for (index, query) in cases.enumerated() {
            defer { byID[query.id] = index }
            if let same = query.check.sameAnswersAs, let target = byID[same.case] {
                let source = result.cases[target]
                result.cases[index].rects = source.rects
                result.cases[index].items = source.items
                result.cases[index].supplementary = source.supplementary
                result.cases[index].check.wholeContentRect = source.check.wholeContentRect
                result.cases[index].check.splits = source.check.splits
                result.cases[index].check.rectRoles = source.check.rectRoles
                continue
            }
            guard let answer = matched[index].answered, query.items.count + query.supplementary.count > 0 else { continue }
            // Round 1's whole-content answer gives the layout's own edges.
            let frames = zip(query.items, answer.items).compactMap { query.data.contains($0) ? $1?.frame : nil }
                + answer.supplementary.compactMap { $0?.frame }
            let plan = ProbePlan.full(
                data: query.data, container: query.container, contentSize: answer.contentSize,
                wholeRect: ProbePlan.wholeRect(contentSize: answer.contentSize, covering: frames),
                whole: answer.rects[query.check.wholeContentRect],
                seed: SeededRandom.mix(seed ^ UInt64(index) &+ 0x2), randomRects: randomRects,
                supplementaries: answer.supplementaries,
                twoAxis: ProbePlan.isTwoAxis(scrollAxes: answers.traits.scrollAxes ?? [], contentSize: answer.contentSize, container: query.container),
                finiteOnly: true)
            result.cases[index] = Case(plan, id: query.id, instance: query.instance, data: query.data, container: query.container)
        }
        return result
    }
}

extension ConformanceQueries.Case {
    /// A case asking `plan`'s queries.
    init(_ plan: ProbePlan, id: String, instance: Int, data: DataShape, container: Size) {
        self.init(
            id: id, instance: instance, data: data, container: container, rects: plan.rects, items: plan.items,
            supplementary: plan.supplementary,
            check: ConformanceQueries.Check(
                wholeContentRect: plan.wholeIndex,
                splits: plan.splits.map { [$0.whole, $0.first, $0.second] },
                rectRoles: plan.roles.map(\.name)))
    }

    /// The probe plan this case asks.
    var plan: ProbePlan {
        var plan = ProbePlan()
        plan.rects = rects
        plan.roles = check.rectRoles?.map(ConformanceViolation.RectRole.init(name:))
            ?? rects.indices.map { $0 == check.wholeContentRect ? .wholeContent : .given }
        plan.wholeIndex = check.wholeContentRect
        plan.items = items
        plan.supplementary = supplementary
        plan.splits = check.splits.map { ProbePlan.Split(whole: $0[0], first: $0[1], second: $0[2]) }
        return plan
    }
}
