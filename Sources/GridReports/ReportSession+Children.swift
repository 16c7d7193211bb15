import Foundation
import GridHarness

/// Measuring in child processes: the plan measured in N processes, one after another, each
/// this program run again with its share of the passes (never more processes than the most
/// passes); their results are made one by `ResultsDocument.merging(_:)`.
///
/// Why children: one process can run 40 % slower than the next over the same code and data
/// (where its memory and code landed, what the host did meanwhile), and passes inside one
/// process cannot show it; a bootstrap over processes can.
extension ReportSession {
    /// How many processes measure and how a child is started.
    public struct ChildProcesses {
        /// The processes asked for; ``processes(maximumPasses:)`` caps them.
        public var requested: Int
        /// The program a child runs: this one, found again (`nil` when it cannot be).
        public var executable: URL?
        /// A child's arguments for its job: measure the data sets with the passes given and
        /// write the results to the file (``ReportSession/measureAsChild(writingTo:)``).
        public var arguments: (ChildJob) -> [String]

        public init(requested: Int, executable: URL?, arguments: @escaping (ChildJob) -> [String]) {
            self.requested = requested
            self.executable = executable
            self.arguments = arguments
        }

        /// The number of processes: never more than the most passes, so that each measures
        /// one at least.
        public func processes(maximumPasses: Int) -> Int {
            max(1, min(requested, maximumPasses))
        }
    }

    /// One child's job.
    public struct ChildJob: Hashable, Sendable {
        /// Where the child writes its results.
        public var resultsFile: URL
        /// The data sets it measures, or empty for the whole plan.
        public var datasets: [String]
        public var minimumPasses: Int
        public var maximumPasses: Int
        public var targetSeconds: Double
    }

    /// A measuring child process that failed: its exit status (128 + the signal when a
    /// signal ended it). Its own message is already on standard error.
    public struct ChildFailure: Error, CustomStringConvertible, Sendable {
        public var description: String
        public var status: Int32

        public init(description: String, status: Int32 = 70) {
            self.description = description
            self.status = status
        }
    }

    /// The passes child `index` (from 0) of `processes` gets: the whole measurement's
    /// minimum and maximum passes shared out as evenly as they go (at least one each), and
    /// the target time divided among the processes.
    public static func childPasses(
        _ index: Int, of processes: Int, minimumPasses: Int, maximumPasses: Int, targetSeconds: Double
    ) -> (minimumPasses: Int, maximumPasses: Int, targetSeconds: Double) {
        func share(_ total: Int) -> Int { total / processes + (index < total % processes ? 1 : 0) }
        let maxPasses = max(1, share(maximumPasses))
        let minPasses = min(max(1, share(minimumPasses)), maxPasses)
        return (minPasses, maxPasses, targetSeconds / Double(processes))
    }

    /// The number of processes this session measures in.
    public var processes: Int {
        measurement.children.processes(maximumPasses: measurement.replayOptions(.onDemand).maximumPasses)
    }

    /// Runs the children in turn and merges their results. Their scratch directory is
    /// removed when they are done, and by the next report when a killed one left it.
    ///
    /// - Throws: ``ChildFailure`` when a child does not exit 0; what reading or merging
    ///   their results throws.
    public func measureInChildren() throws -> ResultsDocument {
        let children = measurement.children
        guard let executable = children.executable else {
            throw ChildFailure(description: "cannot find this program's executable to run the measuring processes; use --processes 1")
        }
        let processes = self.processes
        let whole = measurement.replayOptions(.onDemand)
        let scratch = try ScratchDirectory.make(prefix: "gridbench-report")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var documents: [ResultsDocument] = []
        var datasets = measurement.datasets
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
                    progress.note("\(decided.sorted().joined(separator: ", ")) decided by cached's prepare cost or memory; measured in process 1 only")
                }
                if measured.isEmpty { break }
                datasets = measured
            }
            progress.note("measuring process \(process) of \(processes)")
            let file = scratch.appendingPathComponent("results-\(process).json")
            let passes = Self.childPasses(
                process - 1, of: processes, minimumPasses: whole.minimumPasses, maximumPasses: whole.maximumPasses,
                targetSeconds: whole.targetSeconds)
            let child = Process()
            child.executableURL = executable
            child.arguments = children.arguments(ChildJob(
                resultsFile: file, datasets: datasets, minimumPasses: passes.minimumPasses, maximumPasses: passes.maximumPasses,
                targetSeconds: passes.targetSeconds))
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

    /// Asks the system to end this measuring child when its parent ends, however it ends
    /// (a killed report leaves no child measuring on for nobody); and ends now, with status
    /// 70, if the parent has already gone. Linux's `prctl(PR_SET_PDEATHSIG)`; elsewhere
    /// nothing.
    public static func endWithParent() {
        #if os(Linux)
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        _ = prctl(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
        if getppid() == 1 { exit(70) }
        #endif
    }
}
