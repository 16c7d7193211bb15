import GridHarness

/// What counts the deterministic figure that settles a tie where cached and on demand are
/// equivalent within the noise: instructions per frame. GridGate's instruction counter
/// (valgrind's callgrind) is one; GridReports knows none, as it sits beside the gate, not
/// above it.
public protocol TieBreakCounter {
    /// Why nothing can be counted here, as the results' environment says it (ties are then
    /// settled by retained memory); `nil` when counting works.
    var unavailable: String? { get }
    /// How ties were settled when counted, for the results' environment.
    var settledBy: String { get }
    /// The counting tool's name, for notes (`valgrind`).
    var toolName: String { get }
    /// Counts the instructions per frame of each request's strategies over its trace.
    func count(_ requests: [TieBreakRequest]) throws -> [TieBreakCount]
}

/// One data set and trace whose strategies' instructions per frame settle a tie.
public struct TieBreakRequest: Hashable, Sendable {
    public var dataset: String
    public var trace: String
    public var strategies: [String]

    public init(dataset: String, trace: String, strategies: [String]) {
        self.dataset = dataset
        self.trace = trace
        self.strategies = strategies
    }
}

/// A counted figure: instructions per frame of `strategy` over `trace` of `dataset`.
public struct TieBreakCount: Hashable, Sendable {
    public var dataset: String
    public var trace: String
    public var strategy: String
    public var instructionsPerFrame: Double

    public init(dataset: String, trace: String, strategy: String, instructionsPerFrame: Double) {
        self.dataset = dataset
        self.trace = trace
        self.strategy = strategy
        self.instructionsPerFrame = instructionsPerFrame
    }
}

/// A counter that counts nothing, and says why (`not counted (--no-instructions)`).
public struct UncountedTieBreak: TieBreakCounter {
    public var unavailable: String?

    public var settledBy: String { unavailable ?? "" }
    public var toolName: String { "nothing" }

    public init(reason: String) { unavailable = reason }

    public func count(_ requests: [TieBreakRequest]) throws -> [TieBreakCount] { [] }
}

extension ReportSession {
    /// The report's tie-break: counts, once per data set, trace and strategy for the whole
    /// session, the instructions per frame of the sizes where cached and on demand are
    /// equivalent, and writes them into the results. Says in the results' environment how
    /// ties were settled (`tieBreak`).
    public struct TieBreak {
        /// What counts.
        public var counter: any TieBreakCounter
        /// Counts already made: `dataset \0 trace \0 strategy` → instructions per frame.
        private var counted: [String: Double] = [:]
        /// Why nothing is counted, once known.
        private var unavailable: String?
        private var asked = false

        public init(counter: any TieBreakCounter) {
            self.counter = counter
        }

        /// `document` with instruction counts for every one of `requests` (the ties its
        /// reports wait on, ``LayoutReports/instructionRequests``), counting only those not
        /// counted before.
        public mutating func settle(
            in document: ResultsDocument, requests: [(dataset: String, trace: String, strategies: [String])], note: (String) -> Void
        ) throws -> ResultsDocument {
            var document = document
            if !asked {
                asked = true
                unavailable = counter.unavailable
            }
            if unavailable == nil {
                let missing = requests.filter { request in
                    request.strategies.contains { counted[Self.key(request.dataset, request.trace, $0)] == nil }
                }
                if !missing.isEmpty {
                    note("counting instructions to settle \(missing.count) tie\(missing.count == 1 ? "" : "s") (\(counter.toolName))")
                    let counts = try counter.count(missing.map { TieBreakRequest(dataset: $0.dataset, trace: $0.trace, strategies: $0.strategies) })
                    for count in counts { counted[Self.key(count.dataset, count.trace, count.strategy)] = count.instructionsPerFrame }
                }
            }
            for request in requests {
                for strategy in request.strategies {
                    if let perFrame = counted[Self.key(request.dataset, request.trace, strategy)] {
                        document = document.settingInstructions(dataset: request.dataset, trace: request.trace, strategy: strategy, perFrame: perFrame)
                    }
                }
            }
            document.environment["tieBreak"] = unavailable ?? counter.settledBy
            return document
        }

        private static func key(_ dataset: String, _ trace: String, _ strategy: String) -> String { "\(dataset)\u{0}\(trace)\u{0}\(strategy)" }
    }
}
