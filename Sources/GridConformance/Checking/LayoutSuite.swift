import GridCore

/// What checking one configuration came to.
struct CaseResult {
    /// Why the configuration was skipped (`prepare` threw), or `nil` when it was checked.
    var skipped: String?
    var sink: ViolationSink
    var counts = ConformanceReport.Counts()
    var declaresNonOverlap = false
}

/// The in-process suite: runs a layout, made fresh by a factory, through every
/// configuration of the options, checks every law, shrinks and reports.
struct LayoutSuite<L: GridLayout> {
    let name: String
    let options: ConformanceOptions
    let makeLayout: () -> L
    /// Told before each case and before shrinking.
    var progress: (ConformanceProgress) -> Void = { _ in }

    typealias Result = CaseResult

    // MARK: Running everything

    func run() -> ConformanceReport {
        var found: [ConformanceViolation] = []
        var counts = ConformanceReport.Counts()
        var skipped: [ConformanceReport.Skipped] = []
        var declaresNonOverlap = false

        func record(_ result: Result, _ configuration: ConformanceConfiguration) {
            if let reason = result.skipped {
                skipped.append(.init(configuration: configuration, reason: reason))
            }
            counts = counts + result.counts
            declaresNonOverlap = declaresNonOverlap || result.declaresNonOverlap
            found += result.sink.firstPerLaw
        }

        let freshness = options.freshnessConfigurations
        let sequences = max(0, options.editSequences)
        let cases = options.containers.count * options.dataShapes.count + freshness.count + sequences
        var started = 0
        func next() {
            started += 1
            progress(ConformanceProgress(caseNumber: started, caseCount: cases))
        }
        var items: [Case] = []
        for container in options.containers {
            for data in options.dataShapes { items.append(.configuration(ConformanceConfiguration(data: data, container: container))) }
        }
        items += freshness.map { .configuration($0) }
        items += (0 ..< sequences).map { .sequence($0) }
        if let isolation = options.isolation, ChildProcess.isAvailable {
            checkInChildren(items, timeout: isolation.timeout, before: next, record: record)
        } else {
            for item in items {
                next()
                if let (configuration, result) = check(item) { record(result, configuration) }
            }
        }
        if options.shrinks && !found.isEmpty { progress(ConformanceProgress(caseNumber: cases, caseCount: cases, shrinking: true)) }

        // Shrinking costs re-checks: shrink no more than could be shown (merging may free room).
        let (candidates, omittedBeforeShrinking) = ConformanceReport.capped(found, at: 2 * max(0, options.maxViolations))
        found = options.shrinks ? candidates.map(shrink) : candidates
        var merged: [ConformanceViolation] = []
        var positions: [MergeKey: Int] = [:]
        for violation in found {
            // Shrunk alike but for the item sizes the shapes were shrunk from, two violations
            // are one failure: printed once, its occurrences added.
            var configuration = violation.configuration
            configuration.data = (try? configuration.data.withItemSizes(nil)) ?? configuration.data
            if var previous = configuration.previous {
                previous.data = (try? previous.data.withItemSizes(nil)) ?? previous.data
                configuration.previous = previous
            }
            let key = MergeKey(law: violation.law, code: violation.code, configuration: configuration, subject: violation.subject)
            if let position = positions[key] {
                merged[position].occurrences += violation.occurrences
            } else {
                positions[key] = merged.count
                merged.append(violation)
            }
        }
        let (kept, omitted) = ConformanceReport.capped(merged, at: options.maxViolations)
        var laws = ConformanceLaw.allCases
        if !declaresNonOverlap { laws.removeAll { $0 == .nonOverlap } }
        if counts.tightnessChecks == 0 { laws.removeAll { $0 == .tightness } }
        if counts.localityChecks == 0 { laws.removeAll { $0 == .locality } }
        var report = ConformanceReport(
            layout: name, violations: kept, omittedViolations: omittedBeforeShrinking + omitted,
            checked: counts, skipped: skipped, lawsChecked: laws)
        report.promises = ConformanceReport.promises(
            counts: counts, reportsShifts: Promises.reportsShifts(L.self), enumerates: Promises.enumeratesInScrollOrder(L.self))
        return report
    }

    /// One case of a run: a configuration checked under every law, or an edit sequence.
    enum Case {
        case configuration(ConformanceConfiguration)
        case sequence(Int)
    }

    /// Checks `item` in this process: the configuration reported on and its result; `nil`
    /// for a sequence with nothing to run.
    func check(_ item: Case) -> (ConformanceConfiguration, Result)? {
        switch item {
        case .configuration(let configuration): (configuration, check(configuration, laws: Set(ConformanceLaw.allCases)))
        case .sequence(let index): checkSequence(index)
        }
    }

    private struct MergeKey: Hashable {
        var law: ConformanceLaw
        var code: ConformanceViolation.Code
        var configuration: ConformanceConfiguration
        var subject: ConformanceViolation.Subject
    }

    // MARK: One configuration

    /// Checks `laws` on `configuration`: laws 1–5, 7 and 8 for a once-prepared layout, law 6
    /// when the configuration has a previous preparation. `extra` subjects (from shrinking)
    /// are probed besides the usual plan.
    /// Isolated (``ConformanceOptions/isolation``), the configuration is checked in a child
    /// process.
    func check(_ configuration: ConformanceConfiguration, laws: Set<ConformanceLaw>, extra: [ConformanceViolation.Subject] = []) -> Result {
        if let isolation = options.isolation, ChildProcess.isAvailable {
            return checkInChild(configuration, laws: laws, extra: extra, timeout: isolation.timeout)
        }
        return configuration.previous == nil
            ? checkOnce(configuration, laws: laws, extra: extra)
            : checkFreshness(configuration, laws: laws, extra: extra)
    }

    /// This suite without isolation: what a child process runs.
    var inProcess: LayoutSuite {
        var plain = options
        plain.isolation = nil
        return LayoutSuite(name: name, options: plain, makeLayout: makeLayout)
    }

    private func checkOnce(_ configuration: ConformanceConfiguration, laws: Set<ConformanceLaw>, extra: [ConformanceViolation.Subject]) -> Result {
        var result = Result(sink: ViolationSink(laws: laws, layout: name, configuration: configuration))
        var layout = makeLayout()
        do {
            try layout.prepare(data: configuration.data, container: configuration.container)
        } catch {
            result.skipped = "\(error)"
            return result
        }
        let plan = plan(for: layout, configuration, extra: extra)
        let answers = layout.answers(to: plan)
        result.declaresNonOverlap = layout.traits.cellsDoNotOverlap
        var checker = CaseChecker(
            data: configuration.data, plan: plan, answers: answers,
            declaresNonOverlap: result.declaresNonOverlap, sink: result.sink)
        checker.run()
        result.sink = checker.sink
        result.counts = checker.counts
        HeaderOrder.check(layout, data: configuration.data, sink: &result.sink)

        if laws.contains(.completeness) {
            let probes = [plan.wholeIndex] + plan.rects.indices.filter { plan.roles[$0] == .random }.prefix(2)
            Self.checkAppends(layout, rects: probes.map { (plan.rects[$0], plan.roles[$0]) }, sink: &result.sink)
            Self.checkEnumeration(layout, whole: answers.rects[plan.wholeIndex], result: &result)
        }
        if laws.contains(.determinism) {
            var second = makeLayout()
            do {
                try second.prepare(data: configuration.data, container: configuration.container)
                let (compared, indices) = plan.forComparison()
                let who = "a second layout made and prepared alike"
                AnswerComparison.compare(
                    second.answers(to: compared), with: answers.keepingRects(indices), plan: compared, law: .determinism,
                    who: who, sink: &result.sink)
                Promises.compareTraits(second.traits, with: layout.traits, law: .determinism, who: who, sink: &result.sink)
                result.counts.traitsComparisons += 1
            } catch {
                result.sink.report(.determinism, .prepareDiffers) {
                    (.preparation, "prepare threw for a second layout made and prepared alike, not for the first",
                     .text("prepare succeeds, as it did for the first layout"), .text("threw \(error)"))
                }
            }
            result.counts.determinismComparisons = 1
        }
        return result
    }

    /// Law 6 on a configuration reached by preparing one instance twice, and every other
    /// law but 5 on what that instance answers: the data and container a change produced,
    /// as the layout that lived through the change sees them. (A fresh layout wrong the same
    /// way as the re-prepared one passes law 6; the other laws catch it.) When the
    /// configuration says what the instance was told (``ConformanceConfiguration/Previous/invalidation``),
    /// it is prepared again told so.
    private func checkFreshness(_ configuration: ConformanceConfiguration, laws: Set<ConformanceLaw>, extra: [ConformanceViolation.Subject]) -> Result {
        var result = Result(sink: ViolationSink(laws: laws, layout: name, configuration: configuration))
        guard let previous = configuration.previous else { return result }
        var reused = makeLayout()
        do {
            try reused.prepare(data: previous.data, container: previous.container)
        } catch {
            result.skipped = "\(error)"
            return result
        }
        return checkAgain(&reused, configuration, laws: laws, extra: extra)
    }

    /// Prepares `reused`, prepared with the configuration's previous data and container,
    /// again for the configuration (told what changed when it says so), then checks every
    /// law but 5 on its answers and law 6 against a fresh layout's; and law 10 when it was
    /// told a measurement and declares locality (``Locality``).
    private func checkAgain(
        _ reused: inout L, _ configuration: ConformanceConfiguration, laws: Set<ConformanceLaw>, extra: [ConformanceViolation.Subject]
    ) -> Result {
        var result = Result(sink: ViolationSink(laws: laws, layout: name, configuration: configuration))
        let invalidation = configuration.previous?.invalidation
        var fresh = makeLayout()
        do {
            try fresh.prepare(data: configuration.data, container: configuration.container)
        } catch {
            result.skipped = "\(error)"
            return result
        }
        // A layout that reports what a told update did (SectionShiftReporting) is told it
        // twice: the instance through prepare(data:container:invalidation:), checked under
        // every law as before, and a copy of it through prepareReportingShift, whose answers
        // must be fresh too and whose word is compared with what moved. A class can be told
        // once only: it is told through prepareReportingShift alone.
        var reporting: ReportingTwin?
        if let invalidation, let previous = configuration.previous, laws.contains(.freshness), Promises.reportsShifts(L.self) {
            reporting = ReportingTwin(
                before: reused.elements(in: ProbePlan.huge), oldData: previous.data, invalidation: invalidation,
                copy: L.self is AnyObject.Type ? nil : reused)
        }
        // Law 10: what a layout that declares locality placed before it is told a measurement.
        let locality = laws.contains(.locality)
            ? Locality(reused, invalidation: invalidation, oldContainer: configuration.previous?.container ?? .zero, newContainer: configuration.container)
            : nil
        do {
            if let invalidation {
                if reporting != nil && reporting?.copy == nil {
                    reporting?.shift = try Promises.prepareReportingShift(
                        &reused, data: configuration.data, container: configuration.container, invalidation: invalidation) ?? nil
                } else {
                    try reused.prepare(data: configuration.data, container: configuration.container, invalidation: invalidation)
                }
            } else {
                try reused.prepare(data: configuration.data, container: configuration.container)
            }
        } catch {
            let call = invalidation == nil ? "prepare" : "prepare(data:container:invalidation:)"
            result.sink.report(.freshness, .prepareDiffers) {
                (.preparation, "\(call) threw for the layout prepared again, but prepare did not for a freshly made one",
                 .text("prepare succeeds, as it does for a fresh layout"), .text("threw \(error)"))
            }
            result.counts.freshnessComparisons = 1
            return result
        }
        let full = plan(for: reused, configuration, extra: extra)
        let (compared, indices) = full.forComparison()
        let answers: CaseAnswers
        if !laws.subtracting([.freshness, .determinism]).isEmpty {
            answers = reused.answers(to: full)
            result.declaresNonOverlap = reused.traits.cellsDoNotOverlap
            var checker = CaseChecker(
                data: configuration.data, plan: full, answers: answers,
                declaresNonOverlap: result.declaresNonOverlap, sink: result.sink)
            checker.run()
            result.sink = checker.sink
            result.counts = checker.counts
            HeaderOrder.check(reused, data: configuration.data, sink: &result.sink)
            if laws.contains(.completeness) { Self.checkEnumeration(reused, whole: answers.rects[full.wholeIndex], result: &result) }
        } else {
            answers = reused.answers(to: compared)  // law 6 alone (shrinking): the compared queries only
        }
        if laws.contains(.freshness) {
            let mine = answers.rects.count == full.rects.count ? answers.keepingRects(indices) : answers
            let reference = fresh.answers(to: compared)
            let who = invalidation == nil ? "the layout prepared again"
                : reporting != nil && reporting?.copy == nil ? "the layout prepared again through prepareReportingShift(data:container:invalidation:)"
                : "the layout prepared again, told what changed"
            AnswerComparison.compare(mine, with: reference, plan: compared, law: .freshness, who: who, sink: &result.sink)
            Promises.compareTraits(reused.traits, with: fresh.traits, law: .freshness, who: who, sink: &result.sink)
            result.counts.freshnessComparisons = 1
            result.counts.traitsComparisons += 1
            if var reporting {
                checkReportedShift(&reporting, configuration, fresh: fresh, reference: reference, plan: compared, result: &result)
            }
        }
        if let locality {
            locality.check(reused, sink: &result.sink)
            result.counts.localityChecks += 1
        }
        return result
    }

    /// A told update of a layout that reports what it did (``SectionShiftReporting``): what
    /// the instance placed before it, and the copy told through `prepareReportingShift` (none
    /// for a class, told so in place) with what it reported.
    struct ReportingTwin {
        var before: [LayoutAttributes]
        var oldData: DataShape
        var invalidation: Invalidation
        var copy: L?
        var shift: SectionShift?
    }

    /// Law 6 on what a layout reported of a told update: the copy told through
    /// `prepareReportingShift` answers (content size, whole content, traits) as the fresh
    /// layout does, and the shift it reported is what moved between the instance's elements
    /// before the update and the fresh layout's after it (``Promises/shiftFinding(_:old:oldData:new:newData:)``).
    private func checkReportedShift(
        _ reporting: inout ReportingTwin, _ configuration: ConformanceConfiguration, fresh: L, reference: CaseAnswers,
        plan: ProbePlan, result: inout Result
    ) {
        let who = "the layout prepared again through prepareReportingShift(data:container:invalidation:)"
        let whole = plan.rects[plan.wholeIndex]
        if var copy = reporting.copy {
            do {
                reporting.shift = try Promises.prepareReportingShift(
                    &copy, data: configuration.data, container: configuration.container, invalidation: reporting.invalidation) ?? nil
            } catch {
                result.sink.report(.freshness, .prepareDiffers) {
                    (.preparation, "prepareReportingShift(data:container:invalidation:) threw for a copy of the layout, but prepare did not for a freshly made one",
                     .text("prepare succeeds, as it does for a fresh layout"), .text("threw \(error)"))
                }
                return
            }
            var only = ProbePlan()
            only.rects = [whole]
            only.roles = [.wholeContent]
            let mine = CaseAnswers(
                contentSize: copy.contentSize, rects: [copy.elements(in: whole)], items: [], supplementary: [],
                supplementaries: copy.traits.supplementaries)
            let theirs = CaseAnswers(
                contentSize: reference.contentSize, rects: [reference.rects[plan.wholeIndex]], items: [], supplementary: [],
                supplementaries: reference.supplementaries)
            AnswerComparison.compare(mine, with: theirs, plan: only, law: .freshness, who: who, sink: &result.sink)
            Promises.compareTraits(copy.traits, with: fresh.traits, law: .freshness, who: who, sink: &result.sink)
            result.counts.traitsComparisons += 1
        }
        result.counts.shiftReports += 1
        guard let shift = reporting.shift else { return }
        result.counts.shiftsCompared += 1
        guard let finding = Promises.shiftFinding(
            shift, old: reporting.before, oldData: reporting.oldData, new: reference.rects[plan.wholeIndex], newData: configuration.data)
        else { return }
        result.sink.report(.freshness, finding.code) { (finding.subject, finding.problem, finding.expected, finding.actual) }
    }

    /// Law 1 on the enumeration of a layout that adopts ``ScrollOrderedEnumeration``: the
    /// elements of `whole`, the rect query over the whole content, each once, in scroll order.
    static func checkEnumeration(_ layout: L, whole: [LayoutAttributes], result: inout Result) {
        guard let listed = Promises.enumeration(of: layout, expected: whole.count) else { return }
        result.counts.enumerations += 1
        let alongX = layout.traits.scrollAxes == .horizontal
        for finding in Promises.enumerationFindings(listed, whole: whole, alongX: alongX) {
            result.sink.report(.completeness, finding.code) { (finding.subject, finding.problem, finding.expected, finding.actual) }
        }
    }

    // MARK: Edit sequences

    /// The configurations of edit sequence `index` (``ConformanceOptions/editSequences``),
    /// step by step, from shape `index` of the shapes for container changes in container
    /// `index` (each in turn): each one's previous preparation is the step before, with what
    /// the instance was told; the middle step tells an edit and a new width together.
    func sequenceSteps(_ index: Int) -> [ConformanceConfiguration] {
        let shapes = options.shapesForContainerChanges
        guard !shapes.isEmpty, !options.containers.isEmpty else { return [] }
        var data = shapes[index % shapes.count], size = options.containers[index % options.containers.count]
        var changes = EditSequence(seed: options.seed &+ UInt64(index), changes: options.changes)
        guard changes.changesAnything else { return [] }
        var steps: [ConformanceConfiguration] = []
        let length = max(0, options.editSequenceLength)
        for step in 0 ..< length {
            // Part-way, an edit during a resize: the width changes with the data, told together.
            let (newData, newSize, invalidation) = changes.step(data, size, widening: step == length / 2)
            steps.append(ConformanceConfiguration(
                data: newData, container: newSize,
                previous: .init(data: data, container: size, change: nil, invalidation: invalidation)))
            (data, size) = (newData, newSize)
        }
        return steps
    }

    /// Edit sequence `index`: one instance lives through every step, told what changed, and
    /// each step is checked as ``checkAgain(_:_:laws:extra:)`` checks. The sequence stops at
    /// the first step that fails or that a fresh layout refuses; its result is that step's,
    /// with the counts of all. `nil` when there is no sequence to run (no shapes, no
    /// containers, no steps).
    func checkSequence(_ index: Int) -> (ConformanceConfiguration, Result)? {
        let steps = sequenceSteps(index)
        guard let start = Self.start(of: steps) else { return nil }
        let (step, result) = runSequence(steps, laws: Self.sequenceLaws)
        return (step.map { steps[$0] } ?? start, result)
    }

    /// The laws an edit sequence's steps are checked under: those
    /// ``checkAgain(_:_:laws:extra:)`` checks, every law but 5.
    static var sequenceLaws: Set<ConformanceLaw> { Set(ConformanceLaw.allCases).subtracting([.determinism]) }

    /// Where a sequence of `steps` starts (a result is reported there when the first
    /// preparation is refused); `nil` when there is no sequence to run.
    static func start(of steps: [ConformanceConfiguration]) -> ConformanceConfiguration? {
        guard let previous = steps.first?.previous else { return nil }
        return ConformanceConfiguration(data: previous.data, container: previous.container)
    }

    /// Runs `steps` on one instance: the index of the step whose result is returned (the
    /// first that failed or was skipped, else the last), and that result with the counts of
    /// every step; `nil` when the first preparation was refused.
    func runSequence(_ steps: [ConformanceConfiguration], laws: Set<ConformanceLaw>) -> (Int?, Result) {
        var counts = ConformanceReport.Counts()
        var layout = makeLayout()
        var last = Result(sink: ViolationSink(laws: laws, layout: name, configuration: steps.first ?? ConformanceConfiguration(data: .empty, container: .zero)))
        guard let previous = steps.first?.previous else { return (nil, last) }
        do {
            try layout.prepare(data: previous.data, container: previous.container)
        } catch {
            var result = Result(sink: ViolationSink(laws: laws, layout: name, configuration: steps[0]))
            result.skipped = "\(error)"
            return (nil, result)
        }
        for (index, step) in steps.enumerated() {
            var result = checkAgain(&layout, step, laws: laws, extra: [])
            counts = counts + result.counts
            result.counts = counts
            last = result
            if result.skipped != nil || !result.sink.found.isEmpty { return (index, result) }
        }
        return (steps.count - 1, last)
    }

    /// The probe plan for a prepared layout: its whole-content answer decides the strips,
    /// its declared spaces the supplementary requests, its scroll axes and content size
    /// whether rects cross both axes' boundaries.
    private func plan(for layout: L, _ configuration: ConformanceConfiguration, extra: [ConformanceViolation.Subject]) -> ProbePlan {
        let wholeRect = ProbePlan.wholeRect(of: layout, data: configuration.data)
        let traits = layout.traits
        return ProbePlan.full(
            data: configuration.data, container: configuration.container, contentSize: layout.contentSize,
            wholeRect: wholeRect, whole: layout.elements(in: wholeRect), seed: seed(for: configuration), randomRects: options.randomRects,
            supplementaries: traits.supplementaries,
            twoAxis: ProbePlan.isTwoAxis(scrollAxes: traits.scrollAxes, contentSize: layout.contentSize, container: configuration.container),
            extra: extra,
            boundaries: configuration.previous == nil ? ProbePlan.maxRowBoundaries : ProbePlan.maxRowBoundariesAfterChange)
    }

    /// Law 1's last clause: the rect query appends to the caller's buffer and leaves what
    /// it held in place.
    static func checkAppends(_ layout: L, rects: [(Rect, ConformanceViolation.RectRole)], sink: inout ViolationSink) {
        let held = [
            LayoutAttributes(kind: .rowHeader, path: ItemPath(section: -7, item: -7), frame: Rect(x: -3, y: -3, width: 1, height: 1)),
            LayoutAttributes(kind: .columnHeader, path: ItemPath(section: -9, item: -9), frame: Rect(x: -5, y: -5, width: 2, height: 2)),
        ]
        for (rect, role) in rects {
            var buffer = held
            layout.elements(in: rect, into: &buffer)
            if buffer.count < held.count || !zip(buffer, held).allSatisfy({ $0.isIdentical(to: $1) }) {
                let clean = layout.elements(in: rect)
                sink.report(.completeness, .bufferNotAppended) {
                    (.rect(rect, role),
                     "the rect query did not append to the caller's buffer: the \(held.count) elements it already held are gone or changed (did it call removeAll?)",
                     .elements(held + clean), .elements(buffer))
                }
            }
        }
    }

    /// The seed of a configuration's random probes: the options' seed mixed with the
    /// configuration, so that a configuration always gets the same probes.
    func seed(for configuration: ConformanceConfiguration) -> UInt64 {
        var h = options.seed
        func mix(_ value: UInt64) { h = SeededRandom.mix(h ^ value &+ 0x9E37_79B9_7F4A_7C15) }
        mix(UInt64(configuration.data.sectionCount))
        for count in configuration.data.itemCounts { mix(UInt64(truncatingIfNeeded: count)) }
        for size in configuration.data.itemSizes ?? [] {
            mix(size.width.bitPattern)
            mix(size.height.bitPattern)
        }
        mix(configuration.container.width.bitPattern)
        mix(configuration.container.height.bitPattern)
        return h
    }
}
