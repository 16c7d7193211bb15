import Foundation
import GridCore
import GridHarness

/// One `gate check` run's figures as the history keeps them: one file per run in the
/// history directory (`gate check --history DIR`), never rewritten. Versioned JSON (see
/// docs/formats.md#gate-files, "History run").
public struct GateHistoryRun: Codable, Hashable, Sendable {
    /// The version of this schema; new optional fields do not bump it.
    public static let currentSchemaVersion = 1
    /// The `tool` every history run carries, so that a foreign JSON file is told apart.
    public static let toolName = "gridbench gate history"

    public var schemaVersion: Int
    /// ``toolName``.
    public var tool: String
    /// The commit measured: `GRIDBENCH_COMMIT` when set, else `git rev-parse HEAD`, else
    /// `unknown`.
    public var commit: String
    /// When the run ended, ISO 8601 in UTC with milliseconds (`2026-11-27T08:41:07.123Z`):
    /// the trend orders runs by it.
    public var date: String
    public var mode: GateBaseline.Mode
    /// The toolchain, valgrind, architecture, build and allocator: the machine kind.
    public var environment: GateEnvironment
    /// The plan, as given to `check`.
    public var plan: String
    public var workloads: [Workload]

    /// One workload's figures and the thresholds it was checked with.
    public struct Workload: Codable, Hashable, Sendable {
        public var id: String
        public var thresholds: GateThresholds
        public var figures: GateFigures

        public init(id: String, thresholds: GateThresholds, figures: GateFigures) {
            self.id = id
            self.thresholds = thresholds
            self.figures = figures
        }
    }

    public init(commit: String, date: String, mode: GateBaseline.Mode, environment: GateEnvironment, plan: String, workloads: [Workload]) {
        self.schemaVersion = Self.currentSchemaVersion
        self.tool = Self.toolName
        self.commit = commit
        self.date = date
        self.mode = mode
        self.environment = environment
        self.plan = plan
        self.workloads = workloads
    }

    /// `date` in the history's form: ISO 8601, UTC, milliseconds.
    public static func dateString(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The commit this run measures: `GRIDBENCH_COMMIT` when set (a CI job that checked out
    /// a merge commit names the one it means), else `git rev-parse HEAD` in the current
    /// directory, else `unknown`.
    public static func currentCommit(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let commit = environment["GRIDBENCH_COMMIT"]?.trimmingCharacters(in: .whitespacesAndNewlines), !commit.isEmpty {
            return commit
        }
        if let head = Subprocess.firstLine(of: "git", ["rev-parse", "HEAD"]), head.count >= 7, head.allSatisfy(\.isHexDigit) {
            return head
        }
        return "unknown"
    }

    /// The run's file name: its date, its commit and a random part, so that two jobs never
    /// write the same file (`run-20261127T084107123Z-3f9c2a1b7d0e-5D1C0B7A.json`).
    public var fileName: String {
        let stamp = date.filter { $0.isNumber || $0 == "T" || $0 == "Z" }
        let hash = String(commit.filter { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(12))
        return "run-\(stamp)-\(hash.isEmpty ? "unknown" : hash)-\(UUID().uuidString.prefix(8)).json"
    }
}

/// The history directory: one ``GateHistoryRun`` file per run.
public enum GateHistory {
    /// Writes `run` into `directory` (made when missing) as a new file, atomically.
    ///
    /// - Returns: the file written.
    /// - Throws: `OutputFailure` when it cannot be written.
    @discardableResult
    public static func append(_ run: GateHistoryRun, to directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(run.fileName)
        try JSONFiles.write(run, to: url)
        return url
    }

    /// What ``load(from:)`` read: the runs, oldest first, and the files it skipped, each
    /// with why.
    public struct Loaded: Sendable {
        public var runs: [GateHistoryRun]
        /// Files that are not history runs of this version (corrupt, truncated, foreign),
        /// as `InputError` descriptions naming the file.
        public var skipped: [String]
    }

    /// Reads every visible file in `directory`, oldest run first (by date, then commit).
    /// A file that is not a history run of this version is skipped and named in
    /// ``Loaded/skipped``, never trusted; hidden files (an atomic write under way) are not
    /// read.
    ///
    /// - Throws: `InputError` when `directory` is missing or not a directory.
    public static func load(from directory: URL) throws(InputError) -> Loaded {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(file: directory.path, field: "(directory)", value: "missing",
                             expected: "a history directory that `gate check --history \(directory.path)` writes into")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        var runs: [(name: String, run: GateHistoryRun)] = []
        var skipped: [String] = []
        for name in names {
            let url = directory.appendingPathComponent(name)
            do {
                runs.append((name, try read(url)))
            } catch {
                skipped.append(error.description)
            }
        }
        runs.sort { ($0.run.date, $0.run.commit, $0.name) < ($1.run.date, $1.run.commit, $1.name) }
        return Loaded(runs: runs.map(\.run), skipped: skipped)
    }

    /// Reads and checks one history run.
    ///
    /// - Throws: `InputError` naming the file and the field: not JSON, another tool's
    ///   file, another schema version, a date that is not ISO 8601, a negative count.
    public static func read(_ url: URL) throws(InputError) -> GateHistoryRun {
        let path = url.path
        let run: GateHistoryRun
        do {
            run = try JSONFiles.read(GateHistoryRun.self, from: url)
        } catch {
            var error = error
            error.expected += " (not a gate history run: skipped)"
            throw error
        }
        guard run.tool == GateHistoryRun.toolName else {
            throw InputError(file: path, field: "tool", value: "\"\(run.tool)\"", expected: "\"\(GateHistoryRun.toolName)\" (a foreign file: skipped)")
        }
        guard run.schemaVersion == GateHistoryRun.currentSchemaVersion else {
            throw InputError(file: path, field: "schemaVersion", value: "\(run.schemaVersion)",
                             expected: "\(GateHistoryRun.currentSchemaVersion), the version this gate reads (skipped)")
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard formatter.date(from: run.date) != nil else {
            throw InputError(file: path, field: "date", value: "\"\(run.date)\"", expected: "an ISO 8601 date with milliseconds, such as 2026-11-27T08:41:07.123Z (skipped)")
        }
        for (index, workload) in run.workloads.enumerated() {
            for metric in GateMetric.counts {
                if let count = workload.figures.counts[metric], count < 0 {
                    throw InputError(file: path, field: "workloads[\(index)].figures.\(metric.rawValue)", value: "\(count)", expected: "a count ≥ 0 (skipped)")
                }
            }
        }
        return run
    }
}
