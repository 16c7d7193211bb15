import ArgumentParser
import Foundation
import GridGate
import GridHarness
import GridReports

/// `gridbench report --processes N`: the plan measured in N child processes, one after
/// another, each this executable run again as `gridbench report --measure-only FILE` with
/// its share of the passes (never more processes than `--max-passes`); their results are
/// made one by
/// ``GridHarness/ResultsDocument/merging(_:)``.
///
/// Why children: one process can run 40 % slower than the next over the same code and data
/// (where its memory and code landed, what the host did meanwhile), and passes inside one
/// process cannot show it; a bootstrap over processes can.
struct ChildMeasurement {
    /// The number of processes: never more than the most passes, so that each measures one
    /// at least.
    var processes: Int
    /// The options every child gets besides `--measure-only`, the data sets and its passes.
    var arguments: [String]
    /// The data sets chosen (`--dataset`), or empty for the whole plan.
    var datasets: [String]
    /// The passes options of the whole measurement, shared out among the children.
    var measure: MeasureOptions

    /// The passes options child `index` (from 0) gets: the whole measurement's minimum and
    /// maximum passes shared out as evenly as they go (at least one each), and the target
    /// time divided among the processes.
    func childPasses(_ index: Int) -> [String] {
        func share(_ total: Int) -> Int { total / processes + (index < total % processes ? 1 : 0) }
        let maxPasses = max(1, share(measure.maxPasses))
        let minPasses = min(max(1, share(measure.minPasses)), maxPasses)
        return [
            "--min-passes", String(minPasses), "--max-passes", String(maxPasses),
            "--target-seconds", String(measure.targetSeconds / Double(processes)),
        ]
    }

    /// Runs the children in turn and merges their results.
    ///
    /// - Throws: ``ChildFailure`` when a child does not exit 0 (its own message is already
    ///   on standard error); what reading or merging their results throws.
    func run(note: (String) -> Void) throws -> ResultsDocument {
        guard let executable = GateSession.Tool.currentExecutable else {
            throw ChildFailure(description: "cannot find this program's executable to run the measuring processes; use --processes 1")
        }
        let scratch = try ScratchDirectory.make(prefix: "gridbench-report")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var documents: [ResultsDocument] = []
        var datasets = self.datasets
        for process in 1...processes {
            if process == 2 {
                // Data sets that caching's prepare cost or memory decide whatever the frame
                // costs stay with the first process (ThresholdRule.datasetsDecidedByBudgets).
                let decided = ThresholdRule().datasetsDecidedByBudgets(documents[0].runs)
                var measured: [String] = []
                for run in documents[0].runs where !decided.contains(run.dataset) && !measured.contains(run.dataset) {
                    measured.append(run.dataset)
                }
                if !decided.isEmpty {
                    note("gridbench report: \(decided.sorted().joined(separator: ", ")) decided by cached's prepare cost or memory; measured in process 1 only")
                }
                if measured.isEmpty { break }
                datasets = measured
            }
            note("gridbench report: measuring process \(process) of \(processes)")
            let file = scratch.appendingPathComponent("results-\(process).json")
            let child = Process()
            child.executableURL = executable
            child.arguments = ["report", "--measure-only", file.path, "--processes", "1"] + arguments
                + datasets.flatMap { ["--dataset", $0] } + childPasses(process - 1)
            child.standardInput = FileHandle.nullDevice
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.standardError
            try child.run()
            child.waitUntilExit()
            let status = child.terminationReason == .uncaughtSignal ? 128 + child.terminationStatus : child.terminationStatus
            guard status == 0 else {
                throw ChildFailure(description: "measuring process \(process) of \(processes) exited with status \(status)", status: status)
            }
            documents.append(try JSONFiles.read(ResultsDocument.self, from: file))
        }
        return try ResultsDocument.merging(documents)
    }
}

/// A measuring child process that failed. Its exit code is passed on when it is one
/// `gridbench` documents for a cause the parent shares (bad input 2, an output failure 74);
/// anything else is an internal failure (70).
struct ChildFailure: Error, CustomStringConvertible {
    var description: String
    var status: Int32 = 70

    var exitCode: ExitCode {
        [Outcome.badInput.rawValue, Outcome.outputFailure.rawValue].contains(status) ? ExitCode(status) : Outcome.internalFailure
    }
}

extension ChildMeasurement {
    /// Asks the system to end this measuring child when its parent ends, however it ends
    /// (a killed report leaves no child measuring on for nobody); and ends now if the
    /// parent has already gone. Linux's `prctl(PR_SET_PDEATHSIG)`; elsewhere nothing.
    static func endWithParent() {
        #if os(Linux)
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        _ = prctl(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
        if getppid() == 1 { exit(Outcome.internalFailure.rawValue) }
        #endif
    }
}
