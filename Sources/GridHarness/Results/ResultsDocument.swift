/// A results file: every run of one `gridbench report` or `gridbench run`.
public struct ResultsDocument: Codable, Hashable, Sendable {
    /// The version of this schema. Bumped whenever a field changes meaning or goes away;
    /// new optional fields do not bump it.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// `gridbench`.
    public var tool: String
    /// How the figures were taken: build configuration, clock, memory probe, machine.
    public var environment: [String: String]
    public var runs: [RunRecord]
    /// For a partial result of `gridbench report --shard i/n`: which share it holds, of
    /// which plan; absent from a whole report's results.
    public var shard: ResultsShard? = nil

    /// The document with `perFrame` set as the ``RunRecord/instructionsPerFrame`` of the
    /// runs of `strategy` over `trace` of `dataset` under the default anchoring policy (those
    /// a tie is settled between).
    public func settingInstructions(dataset: String, trace: String, strategy: String, perFrame: Double) -> ResultsDocument {
        var document = self
        for index in document.runs.indices
        where document.runs[index].dataset == dataset && document.runs[index].trace == trace && document.runs[index].strategy == strategy
            && document.runs[index].hasDefaultAnchor {
            document.runs[index].instructionsPerFrame = perFrame
        }
        return document
    }

    public init(environment: [String: String], runs: [RunRecord]) {
        self.schemaVersion = Self.currentSchemaVersion
        self.tool = "gridbench"
        self.environment = environment
        self.runs = runs
    }
}
