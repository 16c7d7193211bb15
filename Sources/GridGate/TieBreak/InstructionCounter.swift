import Foundation
import GridCore
import GridHarness
import GridStrategies

/// Counts the instructions per frame of strategies scrolling a bundled trace, with the
/// gate's machinery (each in a child process under callgrind, only the measured frames
/// counted): the deterministic figure the strategy comparison settles ties with.
///
/// For each request it measures a steady scroll: up to 240 consecutive frames of the trace
/// from frame 1, stopping before its first event (a rotation or edit is not scrolling). The
/// gate plan that describes these workloads is written to a scratch directory beside links
/// to the plan's `specs` and `traces`, and removed afterwards.
public struct InstructionCounter: Sendable {
    /// One data set and trace, and the strategies to count.
    public struct Request: Hashable, Sendable {
        public var dataset: String
        public var trace: String
        public var strategies: [StrategyKind]

        public init(dataset: String, trace: String, strategies: [StrategyKind]) {
            self.dataset = dataset
            self.trace = trace
            self.strategies = strategies
        }
    }

    /// A counted figure: instructions per frame of `strategy` over `trace` of `dataset`.
    public struct Count: Hashable, Sendable {
        public var dataset: String
        public var trace: String
        public var strategy: StrategyKind
        public var instructionsPerFrame: Double
    }

    /// The most frames one workload counts.
    public static let maxFrames = 240

    public var tool: GateSession.Tool
    /// The benchmark plan's directory: `specs/` and `traces/` are there.
    public var datasets: URL
    public var progress: @Sendable (String) -> Void

    public init(tool: GateSession.Tool, datasets: URL, progress: @escaping @Sendable (String) -> Void) {
        self.tool = tool
        self.datasets = datasets
        self.progress = progress
    }

    /// Whether valgrind can be found: without it nothing can be counted.
    public static var isAvailable: Bool { Subprocess.find("valgrind") != nil }

    /// Counts every request.
    ///
    /// - Throws: ``GateError/badInput(_:)`` when valgrind is missing; `InputError`
    ///   for a trace that cannot be read or has no frame to scroll before its first event;
    ///   what a child reports.
    public func count(_ requests: [Request]) throws -> [Count] {
        guard !requests.isEmpty else { return [] }
        guard Self.isAvailable else { throw GateError.badInput("valgrind is not installed") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-tiebreak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for folder in ["specs", "traces"] {
            try FileManager.default.createSymbolicLink(
                at: scratch.appendingPathComponent(folder), withDestinationURL: datasets.appendingPathComponent(folder).standardizedFileURL)
        }
        var entries: [String] = []
        for request in requests {
            let tracePath = "traces/\(request.dataset)/\(request.trace).json"
            let trace = try ScrollTrace.load(from: datasets.appendingPathComponent(tracePath))
            let firstEvent = trace.events.first?.frame ?? trace.frameCount
            let frames = min(Self.maxFrames, firstEvent - 1, trace.frameCount - 1)
            guard frames >= 1 else {
                throw InputError(
                    file: datasets.appendingPathComponent(tracePath).path, field: "events[0].frame", value: "\(firstEvent)",
                    expected: "at least two frames before the first event, to count a steady scroll")
            }
            let strategies = request.strategies.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            entries.append(
                "{\"spec\": \"specs/\(request.dataset).json\", \"strategies\": [\(strategies)], "
                    + "\"scroll\": {\"trace\": \"\(tracePath)\", \"start\": 1, \"frames\": \(frames)}}")
        }
        let planURL = scratch.appendingPathComponent("tie-break-plan.json")
        // No thresholds: the defaults (nothing is compared here).
        let text = "{\"schemaVersion\": 1, \"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
        try Data(text.utf8).write(to: planURL)
        let plan = try GatePlan.load(from: planURL)
        let session = GateSession(plan: plan, planPath: planURL.path, tool: tool, progress: progress)
        var counts: [Count] = []
        for (index, workload) in plan.workloads.enumerated() {
            let figures = try session.measure(workload, mode: .instructions).figures
            guard let instructions = figures.instructions, workload.frames > 0 else { continue }
            let perFrame = Double(instructions) / Double(workload.frames)
            progress("[\(index + 1)/\(plan.workloads.count)] \(workload.dataset) · \(workload.strategy.rawValue): "
                     + "\(Int(perFrame.rounded())) instructions a frame over \(workload.frames) frames")
            let trace = requests.indices.contains(workload.entry) ? requests[workload.entry].trace : ""
            counts.append(Count(dataset: workload.dataset, trace: trace, strategy: workload.strategy, instructionsPerFrame: perFrame))
        }
        return counts
    }
}
