import Foundation
import GridGate
import GridHarness
import GridReports
import GridStrategies

/// The report's tie-break by instructions: counts, once per data set and strategy for the
/// whole command, the instructions per frame of the sizes where cached and on demand are
/// equivalent, and writes them into the results. Says in the results' environment how ties
/// were settled.
struct TieBreakInstructions {
    /// Whether to count at all (`--no-instructions` turns it off).
    let enabled: Bool
    /// The plan's directory.
    let datasets: URL
    /// Counts already made: `dataset \0 trace \0 strategy` → instructions per frame.
    private var counted: [String: Double] = [:]
    /// Why nothing was counted, once known.
    private var unavailable: String?

    init(enabled: Bool, datasets: URL) {
        self.enabled = enabled
        self.datasets = datasets
        if !enabled { unavailable = "not counted (--no-instructions)" }
    }

    /// `document` with instruction counts for every tie its reports wait on.
    mutating func settleTies(in document: ResultsDocument, reports: (ResultsDocument) throws -> LayoutReports) throws -> ResultsDocument {
        var document = document
        let requests = try reports(document).instructionRequests
        if enabled, unavailable == nil {
            if !InstructionCounter.isAvailable {
                unavailable = "valgrind is not installed: ties were settled by retained memory"
            } else if let executable = GateSession.Tool.currentExecutable {
                let missing = requests.filter { request in
                    request.strategies.contains { counted[key(request.dataset, request.trace, $0)] == nil }
                }
                if !missing.isEmpty {
                    Console.note("gridbench report: counting instructions to settle \(missing.count) tie\(missing.count == 1 ? "" : "s") (valgrind)")
                    let tool = GateSession.Tool(
                        executable: executable, childArguments: ["gate", "run-workload"], invocation: "gridbench gate",
                        layouts: [], allocator: nil, defaultPlan: "datasets/gate-plan.json")
                    let counter = InstructionCounter(tool: tool, datasets: datasets) { line in Console.note("  " + line) }
                    let counts = try counter.count(missing.map { request in
                        InstructionCounter.Request(
                            dataset: request.dataset, trace: request.trace,
                            strategies: request.strategies.compactMap { try? StrategyKind(named: $0) })
                    })
                    for count in counts { counted[key(count.dataset, count.trace, count.strategy.rawValue)] = count.instructionsPerFrame }
                }
            } else {
                unavailable = "this program's executable could not be found to count instructions"
            }
        }
        for request in requests {
            for strategy in request.strategies {
                if let perFrame = counted[key(request.dataset, request.trace, strategy)] {
                    document = document.settingInstructions(dataset: request.dataset, trace: request.trace, strategy: strategy, perFrame: perFrame)
                }
            }
        }
        document.environment["tieBreak"] = unavailable ?? "instructions per frame, counted by valgrind (callgrind) where strategies were equivalent"
        return document
    }

    private func key(_ dataset: String, _ trace: String, _ strategy: String) -> String { "\(dataset)\u{0}\(trace)\u{0}\(strategy)" }
}
