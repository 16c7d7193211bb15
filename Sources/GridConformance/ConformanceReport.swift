import GridCore

/// What the suite checked on one layout and every law it found broken.
///
/// Violations are deduplicated: one per law and configuration (its ``ConformanceViolation/occurrences``
/// counts the rest), merged when shrinking brings several to the same counterexample (the
/// same law, code, counts, container and subject, whatever the item sizes), led by the
/// fewest that explain the rest, each printed once, and capped at
/// ``ConformanceOptions/maxViolations``.
public struct ConformanceReport: Hashable, Sendable {
    /// The layout's name.
    public var layout: String
    /// The violations, leading with the fewest that explain the rest: the first of each kind
    /// (law and code), kinds in the order they explain one another (a content size before the
    /// frames outside it, before the rect queries that miss them), then the other violations
    /// of each kind, each a ``ConformanceViolation/repeatOf`` its kind's first.
    public var violations: [ConformanceViolation]
    /// Violations left out because of the cap.
    public var omittedViolations: Int
    /// What was checked.
    public var checked: Counts
    /// Configurations the layout refused (its `prepare` threw): not violations, but
    /// listed so that a reader sees what was not checked.
    public var skipped: [Skipped]
    /// The laws that were checked: law 8 only when the layout declares non-overlap, law 9
    /// only when it declares tightness (in at least one configuration), law 10 only when it
    /// declares locality and was told a measurement; fewer when the input could not exercise some (a query
    /// file without repeated cases cannot check law 5).
    public var lawsChecked: [ConformanceLaw]
    /// Whether the report comes from answer files (`gridbench conform`): it then speaks of
    /// cases and command-line options, not configurations and Swift API.
    public var fromAnswers = false
    /// What the layout promised about its answers beyond the answers themselves (the
    /// optional protocols strategies rely on, its grid placements, its traits), promise by
    /// promise: whether it made each, and how often each was checked.
    public var promises: [Promise] = []

    /// A promise a layout may make about its answers, and what the suite made of it.
    public struct Promise: Hashable, Sendable {
        /// Which promise.
        public enum Kind: String, CaseIterable, Hashable, Sendable {
            /// `SectionShiftReporting`: a told update says which sections it kept, laid again
            /// and moved, and by how much (law 6).
            case sectionShiftReporting = "SectionShiftReporting"
            /// `ScrollOrderedEnumeration`: every element, once, in scroll order (law 1).
            case scrollOrderedEnumeration = "ScrollOrderedEnumeration"
            /// `gridPlacement(of:)`: each cell's display row and column, and its spans, agree
            /// with its frame and with every other answer (laws 2 and 3).
            case gridPlacement = "grid placement"
            /// `traits`: what the layout declares about itself equals a fresh layout's after
            /// every prepare (laws 5 and 6).
            case traits = "traits"
            /// `EditableLayout`: what each edit returns (`LayoutEdit`) is what it did, and an
            /// edit refused leaves the layout as it was (law 6). Checked when the suite is
            /// given operations (``GridConformance/check(_:options:operations:progress:makeLayout:)``).
            case layoutEdit = "EditableLayout"
        }

        /// Which promise.
        public var kind: Kind
        /// Whether the layout made it: adopted the protocol, placed cells in a grid, declared
        /// traits (every layout has traits, declared or default).
        public var made: Bool
        /// How many times it was checked: told updates told through `prepareReportingShift`,
        /// enumerations, cells whose frame was compared with their tracks, traits compared.
        public var checks: Int
        /// For ``Kind/sectionShiftReporting``, how many of those updates reported a shift that
        /// was compared element by element with what moved; 0 otherwise.
        public var compared: Int

        /// A promise of `kind`, made or not, checked `checks` times (and, for a shift,
        /// `compared` of those against what moved).
        public init(kind: Kind, made: Bool, checks: Int, compared: Int = 0) {
            self.kind = kind
            self.made = made
            self.checks = checks
            self.compared = compared
        }

        /// The laws the promise is checked under.
        public var laws: [ConformanceLaw] {
            switch kind {
            case .sectionShiftReporting: [.freshness]
            case .scrollOrderedEnumeration: [.completeness]
            case .gridPlacement: [.agreement, .validity]
            case .traits: [.determinism, .freshness]
            case .layoutEdit: [.freshness]
            }
        }
    }

    /// The promises of a layout that adopts, or not, `SectionShiftReporting` and
    /// `ScrollOrderedEnumeration`, with what `counts` say was checked.
    static func promises(counts: Counts, reportsShifts: Bool, enumerates: Bool, traitsDeclared: Bool = true) -> [Promise] {
        [
            Promise(kind: .sectionShiftReporting, made: reportsShifts, checks: counts.shiftReports, compared: counts.shiftsCompared),
            Promise(kind: .scrollOrderedEnumeration, made: enumerates, checks: counts.enumerations),
            Promise(kind: .gridPlacement, made: counts.cellsPlaced > 0, checks: counts.placementFrames),
            Promise(kind: .traits, made: traitsDeclared, checks: counts.traitsComparisons),
        ]
    }

    public init(
        layout: String, violations: [ConformanceViolation] = [], omittedViolations: Int = 0,
        checked: Counts = Counts(), skipped: [Skipped] = [], lawsChecked: [ConformanceLaw] = []
    ) {
        self.layout = layout
        self.violations = violations
        self.omittedViolations = omittedViolations
        self.checked = checked
        self.skipped = skipped
        self.lawsChecked = lawsChecked
    }

    /// How much was checked.
    public struct Counts: Hashable, Sendable {
        /// Configurations prepared and checked (laws 1–4, 7, 8).
        public var configurations = 0
        /// Rect queries made and checked against the brute-force expectation.
        public var rectQueries = 0
        /// Per-item queries checked (existing paths and paths beyond the data).
        public var itemQueries = 0
        /// Supplementary queries checked.
        public var supplementaryQueries = 0
        /// Rects split in two and checked for additivity (law 7).
        public var additivitySplits = 0
        /// Pairs of layouts prepared alike and compared (law 5).
        public var determinismComparisons = 0
        /// Instances prepared twice and compared with a fresh layout (law 6).
        public var freshnessComparisons = 0
        /// Cells checked for overlap (law 8).
        public var cellsCheckedForOverlap = 0
        /// Cells whose display row and column were checked (laws 2 and 3), for layouts that
        /// place cells in rows and columns.
        public var cellsPlaced = 0
        /// Configurations whose content size was checked for law 9 (the layout declared
        /// `LayoutTraits.tightness` for them).
        public var tightnessChecks = 0
        /// Measurements (`DataEdit.setItemSizes`) told to a layout that declares
        /// `LayoutTraits.measurementLocality`, after which every element before the first
        /// measured item's line was compared with what it was before (law 10).
        public var localityChecks = 0
        /// Enumerations (`ScrollOrderedEnumeration`) compared, element for element and in
        /// order, with the rect query over the whole content (law 1).
        public var enumerations = 0
        /// Told updates of a layout that adopts `SectionShiftReporting` that were told through
        /// `prepareReportingShift` as well, its answers then compared with a fresh layout's
        /// (law 6).
        public var shiftReports = 0
        /// Of those, the updates for which the layout reported a `SectionShift`, compared
        /// element by element with what moved (law 6).
        public var shiftsCompared = 0
        /// Layouts whose `traits` were compared with those of a fresh layout prepared alike
        /// (laws 5 and 6).
        public var traitsComparisons = 0
        /// Cells whose frame was compared with the union of the frames of the display rows
        /// and columns their placement spans (law 2).
        public var placementFrames = 0
        /// Edits of an `EditableLayout` whose `LayoutEdit` was compared with what they did
        /// (law 6).
        public var layoutEdits = 0
        /// Edits an `EditableLayout` refused, whose state was compared with its state before
        /// (law 6).
        public var layoutEditsRefused = 0

        public init() {}

        static func + (lhs: Counts, rhs: Counts) -> Counts {
            var sum = lhs
            sum.configurations += rhs.configurations
            sum.rectQueries += rhs.rectQueries
            sum.itemQueries += rhs.itemQueries
            sum.supplementaryQueries += rhs.supplementaryQueries
            sum.additivitySplits += rhs.additivitySplits
            sum.determinismComparisons += rhs.determinismComparisons
            sum.freshnessComparisons += rhs.freshnessComparisons
            sum.cellsCheckedForOverlap += rhs.cellsCheckedForOverlap
            sum.cellsPlaced += rhs.cellsPlaced
            sum.tightnessChecks += rhs.tightnessChecks
            sum.localityChecks += rhs.localityChecks
            sum.enumerations += rhs.enumerations
            sum.shiftReports += rhs.shiftReports
            sum.shiftsCompared += rhs.shiftsCompared
            sum.traitsComparisons += rhs.traitsComparisons
            sum.placementFrames += rhs.placementFrames
            sum.layoutEdits += rhs.layoutEdits
            sum.layoutEditsRefused += rhs.layoutEditsRefused
            return sum
        }
    }

    /// A configuration not checked because `prepare` threw.
    public struct Skipped: Hashable, Sendable {
        public var configuration: ConformanceConfiguration
        /// The error `prepare` threw, as text.
        public var reason: String

        public init(configuration: ConformanceConfiguration, reason: String) {
            self.configuration = configuration
            self.reason = reason
        }
    }

    /// True when no configuration was checked (every one was skipped, or there were none):
    /// the suite proved nothing, which is an error, not a pass.
    public var nothingChecked: Bool { checked.configurations == 0 }

    /// True when something was checked and no law was broken.
    public var isPassing: Bool { violations.isEmpty && omittedViolations == 0 && !nothingChecked }

    /// At most `cap` of `violations` (never fewer than one per law broken), leading with the
    /// fewest that explain the rest; and how many were left out.
    ///
    /// A kind of failure is a law and a code. The first violation of each kind comes first,
    /// kinds in the order in which they explain one another
    /// (``ConformanceViolation/Code/explanatoryRank``: a layout that trapped, then a content
    /// size that is wrong, then frames outside it, invalid answers, stale ones, answers that
    /// disagree, and last the rect queries and splits those cause), then law by law and as
    /// found; then the other violations of each kind in the same order, each marked as a
    /// repeat of its kind's first (``ConformanceViolation/repeatOf``), which prints it in a
    /// line.
    static func capped(_ violations: [ConformanceViolation], at cap: Int) -> (kept: [ConformanceViolation], omitted: Int) {
        struct Kind: Hashable {
            var law: ConformanceLaw
            var code: ConformanceViolation.Code
        }
        let order = violations.indices.sorted { a, b in
            let (x, y) = (violations[a], violations[b])
            return (x.code.explanatoryRank, x.law.rawValue, a) < (y.code.explanatoryRank, y.law.rawValue, b)
        }
        var firstOfKind: [Kind: Int] = [:]
        var lawsSeen = Set<ConformanceLaw>()
        var leaders: [Int] = [], repeats: [Int] = []
        for index in order {
            let kind = Kind(law: violations[index].law, code: violations[index].code)
            if firstOfKind[kind] == nil {
                firstOfKind[kind] = index
                leaders.append(index)
            } else {
                repeats.append(index)
            }
        }
        // One per law at least, then the leaders, then the repeats, as room allows.
        var keep = Set<Int>()
        for index in leaders where lawsSeen.insert(violations[index].law).inserted { keep.insert(index) }
        let room = max(cap, lawsSeen.count)
        for index in leaders + repeats where keep.count < room { keep.insert(index) }
        var kept: [ConformanceViolation] = []
        var position: [Kind: Int] = [:]
        for index in leaders + repeats where keep.contains(index) {
            var violation = violations[index]
            let kind = Kind(law: violation.law, code: violation.code)
            if let first = position[kind] {
                violation.repeatOf = first + 1
            } else {
                violation.repeatOf = nil
                position[kind] = kept.count
            }
            kept.append(violation)
        }
        return (kept, violations.count - kept.count)
    }

    /// The laws broken, in order, each once.
    public var violatedLaws: [ConformanceLaw] { Array(Set(violations.map(\.law))).sorted() }
}

extension ConformanceReport: CustomStringConvertible {
    /// A verdict line, what was checked, what was skipped, then every violation.
    ///
    /// A report capped at ``ConformanceOptions/maxViolations`` ends by naming that setting;
    /// one made from answer files (``fromAnswers``) names `--max-violations` instead. A tool
    /// that runs the in-process suite for its own users names its own setting with
    /// ``description(maxViolationsSetting:)``.
    public var description: String {
        description(maxViolationsSetting: fromAnswers ? "--max-violations" : "ConformanceOptions.maxViolations")
    }

    /// The same text as ``description``, its last line naming `maxViolationsSetting` as what
    /// caps the violations shown: `gridbench conform --isolate` runs the Swift suite, but its
    /// user sets the cap with `--max-violations`, not with ``ConformanceOptions/maxViolations``.
    public func description(maxViolationsSetting: String) -> String {
        var lines: [String] = []
        if nothingChecked && skipped.isEmpty {
            lines.append("ERROR: GridConformance checked NOTHING on \(layout): there was no configuration to check (no data shapes or no containers given).")
        } else if nothingChecked && fromAnswers {
            lines.append("ERROR: GridConformance checked NOTHING on \(layout): every one of the \(skipped.count) cases was answered \"skipped\". A layout that refuses every case proves no law.")
        } else if nothingChecked {
            lines.append("ERROR: GridConformance checked NOTHING on \(layout): prepare threw for every one of the \(skipped.count) configurations. A layout that refuses every configuration proves no law; give it data shapes and containers it accepts (ConformanceOptions.dataShapes, .containers).")
        } else if isPassing {
            lines.append("GridConformance: \(layout) obeys \(Self.lawList(lawsChecked)).")
        } else {
            let count = violations.count + omittedViolations
            lines.append("GridConformance: \(layout) breaks \(Self.lawList(violatedLaws)) (\(count) violation\(count == 1 ? "" : "s") reported).")
        }
        let c = checked
        lines.append("checked: \(c.configurations) \(fromAnswers ? "cases" : "configurations"), \(c.rectQueries) rect queries, \(c.itemQueries) item queries, \(c.supplementaryQueries) supplementary queries, \(c.additivitySplits) additivity splits, \(c.determinismComparisons) determinism comparisons, \(c.freshnessComparisons) freshness comparisons, \(c.cellsCheckedForOverlap) cells checked for overlap"
            + (c.cellsPlaced > 0 ? ", \(c.cellsPlaced) display positions checked" : "")
            + (c.tightnessChecks > 0 ? ", \(c.tightnessChecks) content sizes checked for tightness" : "")
            + (c.localityChecks > 0 ? ", \(c.localityChecks) measurements checked for locality" : ""))
        if !promises.isEmpty && !nothingChecked { lines.append(promiseLine) }
        if !lawsChecked.contains(.nonOverlap) && !nothingChecked {
            lines.append("law 8 (non-overlap) not checked: the layout does not declare traits.cellsDoNotOverlap")
        }
        if !nothingChecked {
            if c.tightnessChecks == 0 {
                lines.append(fromAnswers
                    ? "law 9 (tightness) not checked: no case declares \"tightness\""
                    : "law 9 (tightness) not checked: the layout does not declare traits.tightness")
            } else if c.tightnessChecks < c.configurations {
                lines.append(fromAnswers
                    ? "law 9 (tightness) checked in \(c.tightnessChecks) of \(c.configurations) cases: the others declare no \"tightness\", or law 3 found a frame invalid"
                    : "law 9 (tightness) checked in \(c.tightnessChecks) of \(c.configurations) configurations: in the others the layout did not declare traits.tightness, or law 3 found a frame invalid")
            }
        }
        if !nothingChecked && c.localityChecks == 0 {
            lines.append(fromAnswers
                ? "law 10 (locality) not checked: no case declares \"measurementLocality\" before a case that tells a measurement (set-item-sizes)"
                : "law 10 (locality) not checked: the layout does not declare traits.measurementLocality, or no measurement was told (data with item sizes and the change set-item-sizes)")
        }
        if !skipped.isEmpty {
            lines.append(fromAnswers
                ? "skipped \(skipped.count) case\(skipped.count == 1 ? "" : "s") the layout refused (answered \"skipped\"):"
                : "skipped \(skipped.count) configuration\(skipped.count == 1 ? "" : "s") the layout refused (prepare threw):")
            for skip in skipped.prefix(10) { lines.append("  - \(skip.configuration): \(skip.reason)") }
            if skipped.count > 10 { lines.append("  - … and \(skipped.count - 10) more") }
        }
        let kinds = violations.filter { $0.repeatOf == nil }.count
        if kinds > 1 {
            lines.append("")
            lines.append("\(kinds) kinds of failure, those that may explain the others first (a wrong content size before the frames outside it and the queries that miss them); each kind's further cases follow in a line each.")
        }
        for (index, violation) in violations.enumerated() {
            if violation.repeatOf == nil || index == 0 || violations[index - 1].repeatOf == nil { lines.append("") }
            lines.append("\(index + 1)) \(violation)")
        }
        if omittedViolations > 0 {
            lines.append("")
            lines.append("… and \(omittedViolations) more violations not shown (\(maxViolationsSetting))")
        }
        return lines.joined(separator: "\n")
    }

    /// `promises: SectionShiftReporting (law 6): …; ScrollOrderedEnumeration (law 1): not made; …`.
    var promiseLine: String {
        let parts = promises.map { promise -> String in
            let laws = promise.laws.map { "\($0.number)" }
            let name = "\(promise.kind.rawValue) (law\(laws.count == 1 ? "" : "s") \(laws.joined(separator: ", ")))"
            guard promise.made else { return "\(name): not made" }
            let times: String
            switch promise.kind {
            case .sectionShiftReporting:
                times = "\(plural(promise.checks, "told update")) checked, \(promise.compared) reported shift\(promise.compared == 1 ? "" : "s") compared with what moved"
            case .scrollOrderedEnumeration:
                times = "\(plural(promise.checks, "enumeration")) compared with the whole-content query"
            case .gridPlacement:
                times = "\(plural(promise.checks, "cell")) compared with the tracks they span"
            case .traits:
                times = "compared with a fresh layout's \(promise.checks) time\(promise.checks == 1 ? "" : "s")"
            case .layoutEdit:
                times = "\(plural(promise.checks, "edit")) compared with what it did, \(plural(promise.compared, "refusal")) with the state kept"
            }
            return "\(name): \(promise.checks == 0 && promise.kind != .traits ? "made, never checked (nothing exercised it)" : times)"
        }
        return "promises: " + parts.joined(separator: "; ")
    }

    static func lawList(_ laws: [ConformanceLaw]) -> String {
        switch laws.count {
        case 0: "no law"
        case 1: "law \(laws[0].number) (\(laws[0].name))"
        default: "laws " + laws.map { "\($0.number) (\($0.name))" }.joined(separator: ", ")
        }
    }
}
