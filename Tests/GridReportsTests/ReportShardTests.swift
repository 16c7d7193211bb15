import Foundation
import GridCore
import GridHarness
import GridReports
import Testing

/// `report --shard i/n`'s share assignment and `report merge`'s join, in process: costs
/// worked out by hand, and every refusal of a bad part.
@Suite struct ReportShardTests {
    // MARK: Shares

    /// Greedy, costliest first, to the least-loaded share (ties to the lower share, then
    /// plan order). Costs 5, 3, 3, 2, 1 (groups 0…4) in two shares:
    /// 5 → share 1 (5); 3 (group 1) → share 2 (3); 3 (group 2) → share 2 (6, as 3 < 5);
    /// 2 → share 1 (7); 1 → share 2 (7, as 6 < 7). Shares {0, 3} and {1, 2, 4}, 7 and 7.
    @Test func sharesAreBalancedGreedilyCostliestFirst() {
        #expect(ShareSet.partition([5, 3, 3, 2, 1], count: 2) == [[0, 3], [1, 2, 4]])
        // Three shares: 5 → 1; 3 → 2; 3 → 3; 2 → 2 (3, lower than share 3's 3); 1 → 3 (3 < 5).
        #expect(ShareSet.partition([5, 3, 3, 2, 1], count: 3) == [[0], [1, 3], [2, 4]])
        // Equal costs go out in plan order, one a share, round and round.
        #expect(ShareSet.partition([1, 1, 1, 1, 1], count: 2) == [[0, 2, 4], [1, 3]])
        // One share holds everything; more shares than groups leave the last ones empty.
        #expect(ShareSet.partition([5, 3, 3, 2, 1], count: 1) == [[0, 1, 2, 3, 4]])
        #expect(ShareSet.partition([2, 4], count: 4) == [[1], [0], [], []])
        #expect(ShareSet.partition([], count: 3) == [[], [], []])
    }

    /// Every group in exactly one share, for n from 1 to 8 over a fixed pseudo-random cost
    /// list, and no share more than the costliest group over the mean (LPT's bound).
    @Test func everyGroupIsInExactlyOneShare() {
        var random = SeededRandom(seed: 32)
        let costs = (0 ..< 23).map { _ in Double(random.next() % 1_000 + 1) }
        for count in 1 ... 8 {
            let shares = ShareSet.partition(costs, count: count)
            #expect(shares.count == count)
            #expect(shares.flatMap { $0 }.sorted() == Array(costs.indices), "n = \(count): \(shares)")
            #expect(shares.allSatisfy { $0 == $0.sorted() }, "n = \(count): \(shares)")
            let loads = shares.map { $0.reduce(0) { $0 + costs[$1] } }
            let mean = costs.reduce(0, +) / Double(count)
            #expect(loads.max()! <= mean + costs.max()!, "n = \(count): \(loads)")
        }
    }

    @Test func shardTextIsIOfN() {
        #expect(ResultsShard.parse("2/3")! == (2, 3))
        #expect(ResultsShard.parse("1/1")! == (1, 1))
        for bad in ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "/2", "-1/2"] { #expect(ResultsShard.parse(bad) == nil, "\(bad)") }
    }

    /// FNV-1a, 64 bits, worked out here from its offset basis and prime; the empty list is
    /// the offset basis itself.
    @Test func theDigestIsFNV1aOverTheLines() {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("a\n".utf8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        #expect(ResultsShard.digest(["a"]) == String(format: "%016llx", hash))
        #expect(ResultsShard.digest(["a", "b"]) != ResultsShard.digest(["b", "a"]))
        #expect(ResultsShard.digest([]) == "cbf29ce484222325")
    }

    // MARK: Join

    /// Six runs (three groups of two) in shares {0, 1, 4, 5} and {2, 3}.
    static let runs = (0 ..< 6).map { Synthetic.run($0 % 2 == 0 ? "cached" : "on-demand", trace: "t\($0 / 2)", frames: 600, p99: Double($0 + 1) * 1_000) }

    /// Their plan digest, worked out here: FNV-1a over "data set␟trace␟strategy␟frames\n" lines.
    static let planDigest: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for run in runs {
            for byte in "\(run.dataset)\u{1F}\(run.trace)\u{1F}\(run.strategy)\u{1F}600\n".utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return String(format: "%016llx", hash)
    }()

    static func parts(commit: String = "abc", toolchain: String = "Swift 6.3.1") -> [(path: String, document: ResultsDocument)] {
        let runs = Self.runs
        func part(_ index: Int, _ positions: [Int]) -> (path: String, document: ResultsDocument) {
            var document = ResultsDocument(environment: ["build": "release"], runs: positions.map { runs[$0] })
            document.shard = ResultsShard(
                index: index, count: 2, planDigest: planDigest, totalRuns: 6, positions: positions, commit: commit,
                toolchain: toolchain)
            return ("s\(index)/results.json", document)
        }
        return [part(2, [2, 3]), part(1, [0, 1, 4, 5])]
    }

    @Test func sharesJoinInTheUnshardedOrder() throws {
        let joined = try ReportSession.join(Self.parts())
        #expect(joined.runs.map(\.trace) == ["t0", "t0", "t1", "t1", "t2", "t2"])
        #expect(joined.runs.map(\.strategy) == ["cached", "on-demand", "cached", "on-demand", "cached", "on-demand"])
        #expect(joined.runs.map(\.frameNanos.p99) == [1_000, 2_000, 3_000, 4_000, 5_000, 6_000])
        #expect(joined.shard == nil && joined.environment == ["build": "release"])
    }

    /// Each refusal names the part's file and the field.
    @Test func badPartsAreRefusedNamingFileAndField() throws {
        func refusal(_ parts: [(path: String, document: ResultsDocument)]) -> InputError? {
            do { _ = try ReportSession.join(parts); return nil } catch { return error }
        }
        var parts = Self.parts()
        #expect(refusal([parts[0]]).map { ($0.file, $0.field) }! == ("(arguments)", "DIR"))
        #expect(refusal([parts[0]])!.expected.contains("share 1/2 is missing"))
        #expect(refusal([parts[0], parts[0]]).map { ($0.file, $0.field) }! == ("s2/results.json", "shard.index"))
        #expect(refusal([]).map(\.field) == "DIR")

        var unsharded = parts[1]
        unsharded.document.shard = nil
        #expect(refusal([parts[0], unsharded]).map { ($0.file, $0.field, $0.value) }! == ("s1/results.json", "shard", "missing"))

        let changes: [(String, (inout ResultsShard) -> Void)] = [
            ("shard.planDigest", { $0.planDigest = "fedcba9876543210" }),
            ("shard.planDigest", { $0.totalRuns = 7 }),
            ("shard.count", { $0.count = 3 }),
            ("shard.commit", { $0.commit = "def" }),
            ("shard.toolchain", { $0.toolchain = "Swift 6.2" }),
            ("shard.positions", { $0.positions = [0, 1, 4] }),
            ("shard.positions", { $0.positions = [0, 1, 2, 5] }),  // 2 is share 2's
        ]
        for (field, change) in changes {
            parts = Self.parts()
            change(&parts[1].document.shard!)
            let error = refusal(parts)
            #expect(error?.file == "s1/results.json" && error?.field == field, "\(field): \(String(describing: error))")
        }
        // Runs other than the positions say: share 1's last two swapped.
        parts = Self.parts()
        parts[1].document.runs.swapAt(2, 3)
        let swapped = refusal(parts)
        #expect(swapped?.field == "runs" && swapped?.file == "s2/results.json, s1/results.json", "\(String(describing: swapped))")

        parts = Self.parts()
        parts[1].document.shard!.index = 3
        #expect(refusal(parts).map { ($0.file, $0.field) }! == ("s1/results.json", "shard.index"))
    }
}
