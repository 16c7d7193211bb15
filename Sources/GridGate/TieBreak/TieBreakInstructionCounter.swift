import Foundation
import GridHarness
import GridReports
import GridStrategies

/// The report's tie-break by instructions (`TieBreakCounter`): each request
/// counted with the gate's machinery, under callgrind, by `tool` run again as a gate child.
public struct TieBreakInstructionCounter: TieBreakCounter {
    /// The tool whose gate children count (`gridbench gate run-workload`), or `nil` when
    /// this program's executable could not be found.
    public var tool: GateSession.Tool?
    /// The benchmark plan's directory: `specs/` and `traces/` are there.
    public var datasets: URL
    /// Where the counter's progress lines go.
    public var progress: @Sendable (String) -> Void

    public init(tool: GateSession.Tool?, datasets: URL, progress: @escaping @Sendable (String) -> Void) {
        self.tool = tool
        self.datasets = datasets
        self.progress = progress
    }

    public var unavailable: String? {
        if !InstructionCounter.isAvailable { return "valgrind is not installed: ties were settled by retained memory" }
        if tool == nil { return "this program's executable could not be found to count instructions" }
        return nil
    }

    public var settledBy: String { "instructions per frame, counted by valgrind (callgrind) where strategies were equivalent" }
    public var toolName: String { "valgrind" }

    /// - Throws: what ``InstructionCounter/count(_:)`` throws; ``GateError/badInput(_:)``
    ///   when there is no tool to count with.
    public func count(_ requests: [TieBreakRequest]) throws -> [TieBreakCount] {
        guard let tool else { throw GateError.badInput(unavailable ?? "no tool to count instructions with") }
        let counter = InstructionCounter(tool: tool, datasets: datasets, progress: progress)
        let counts = try counter.count(requests.map { request in
            InstructionCounter.Request(
                dataset: request.dataset, trace: request.trace, strategies: request.strategies.compactMap { try? StrategyKind(named: $0) })
        })
        return counts.map {
            TieBreakCount(dataset: $0.dataset, trace: $0.trace, strategy: $0.strategy.rawValue, instructionsPerFrame: $0.instructionsPerFrame)
        }
    }
}
