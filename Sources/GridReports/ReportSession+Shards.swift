import Foundation
import GridCore
import GridHarness

/// Splitting a report over a CI matrix: `report --shard i/n` measures one share of the
/// plan's runs (`ResultsShard`) and writes a partial result, without reports;
/// `report merge` joins the shares into what one run would have written.
extension ReportSession {
    /// Which share this session measures, and what every share must agree on.
    public struct Share: Hashable, Sendable {
        /// The share, from 1.
        public var index: Int
        /// How many shares.
        public var count: Int
        /// The commit measured, as the gate's history names it.
        public var commit: String
        /// `swift --version`'s first line.
        public var toolchain: String
        /// A measuring child's data sets, when fewer than the share's: the share is taken
        /// of the whole selection first, then only these of its runs are measured (the
        /// second and later processes skip data sets decided by budgets).
        public var narrowedTo: Set<String>? = nil

        public init(index: Int, count: Int, commit: String, toolchain: String, narrowedTo: Set<String>? = nil) {
            self.index = index
            self.count = count
            self.commit = commit
            self.toolchain = toolchain
            self.narrowedTo = narrowedTo
        }
    }

    /// Measures share `share` of the plan once (in this process or the children, which
    /// are told the same share) and writes the partial result, with its `ResultsShard`,
    /// to ``output``'s `results.json`. No reports: a share's recommendation would be of
    /// part of the plan; ties are settled by `merge`, over the whole.
    ///
    /// - Throws: what ``run(repeats:)`` throws.
    public func measureShare(_ share: Share) throws -> (document: ResultsDocument, resultsFile: URL) {
        let whole = try makeRunner(applyingShare: false)
        let positions = whole.positions(ofShare: share.index, count: share.count)
        let runner = whole.keeping(positions: positions)
        progress.note("share \(share.index)/\(share.count): \(positions.count) of \(whole.jobs.count) runs")
        var document: ResultsDocument
        if positions.isEmpty {
            document = ResultsDocument(environment: measurement.environment(), runs: [])
        } else {
            progress.planned(runs: runner.jobs.count, datasets: Set(runner.jobs.map { $0.replay.spec.name }).count)
            document = processes == 1 ? try measure(with: runner) : try measureInChildren()
        }
        document.shard = ResultsShard(
            index: share.index, count: share.count, planDigest: whole.runsDigest, totalRuns: whole.jobs.count,
            positions: positions, commit: share.commit, toolchain: share.toolchain)
        var set = AtomicFileSet(directory: output)
        set.add(Self.resultsFileName, try JSONFiles.encoded(document))
        _ = try set.commit()
        return (document, output.appendingPathComponent(Self.resultsFileName))
    }

    /// Joins the partial results of every share (`parts`, each with the path it was read
    /// from) into the unsharded order, settles ties over the whole and renders the results
    /// and reports into ``output`` as ``run(repeats:)`` would have.
    ///
    /// - Throws: `InputError` naming the part's file and the field when a part is not a
    ///   partial result (no `shard`), is of another plan and selection, share count, commit
    ///   or toolchain, duplicates another share, or holds runs that do not match its
    ///   positions; naming the missing share; or naming every part when the joined runs
    ///   are not the plan's (their digest is not `shard.planDigest`).
    public func merge(parts: [(path: String, document: ResultsDocument)]) throws -> Rendered {
        let joined = try Self.join(parts)
        var tieBreak = TieBreak(counter: self.tieBreak)
        let settled = try tieBreak.settle(in: joined, requests: try layoutReports(joined).instructionRequests, note: progress.note)
        return try render(settled, writeResults: true)
    }

    /// The shares of `parts` joined in the unsharded order, without a `shard` field.
    ///
    /// - Throws: as ``merge(parts:)``.
    public static func join(_ parts: [(path: String, document: ResultsDocument)]) throws(InputError) -> ResultsDocument {
        func fail(_ path: String, _ field: String, _ value: String, _ expected: String) -> InputError {
            InputError(file: path, field: field, value: value, expected: expected)
        }
        var runs = [RunRecord?](repeating: nil, count: max(parts.first?.document.shard?.totalRuns ?? 0, 0))
        let shares = try ShareSet.check(
            parts.map { (path: $0.path, part: $0.document) }, argument: "DIR",
            hint: "a partial result written by `gridbench report --shard i/n --out DIR`", share: \.shard,
            matches: { (path, document, shard, reference) throws(InputError) in
                guard document.schemaVersion == ResultsDocument.currentSchemaVersion else {
                    throw fail(path, "schemaVersion", "\(document.schemaVersion)", "\(ResultsDocument.currentSchemaVersion)")
                }
                guard shard.planDigest == reference.share.planDigest, shard.totalRuns == reference.share.totalRuns else {
                    throw fail(path, "shard.planDigest", "\"\(shard.planDigest)\" (\(shard.totalRuns) runs)",
                               "\"\(reference.share.planDigest)\" (\(reference.share.totalRuns) runs), as \(reference.path) has it: a share of another plan or selection")
                }
                guard shard.toolchain == reference.share.toolchain else {
                    throw fail(path, "shard.toolchain", "\"\(shard.toolchain)\"", "\"\(reference.share.toolchain)\", as \(reference.path) has it: every share must be built with the same toolchain")
                }
            },
            holds: { (path, document, shard) throws(InputError) in
                guard shard.positions.count == document.runs.count,
                      shard.positions.allSatisfy({ runs.indices.contains($0) && runs[$0] == nil }) else {
                    throw fail(path, "shard.positions", "\(shard.positions) for \(document.runs.count) runs",
                               "one distinct position in 0..<\(shard.totalRuns) for each run, no other share's")
                }
                for (position, run) in zip(shard.positions, document.runs) { runs[position] = run }
            })
        let first = parts[0], reference = shares[0].share  // `check` refuses no parts
        if let hole = runs.firstIndex(where: { $0 == nil }) {
            throw fail(first.path, "shard.positions", "no share holds run \(hole)", "every run of the \(reference.totalRuns) in one share")
        }
        let joined = runs.compactMap { $0 }
        // Each share's runs must be the ones its positions say: the joined runs digest to the plan's.
        let digest = ResultsShard.digest(of: joined)
        guard digest == reference.planDigest else {
            throw fail(parts.map(\.path).joined(separator: ", "), "runs", "runs whose data sets, traces, strategies and frames digest to \"\(digest)\"",
                       "\"\(reference.planDigest)\", the shares' shard.planDigest: a share holds other runs than its shard field says")
        }
        return ResultsDocument(environment: first.document.environment, runs: joined)
    }
}
