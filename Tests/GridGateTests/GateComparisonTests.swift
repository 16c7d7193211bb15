import Foundation
@testable import GridGate
import GridCore
import Testing

@Suite struct GateComparisonTests {
    static func workloads() throws -> [GateWorkload] {
        let workspace = try Workspace()
        defer { workspace.remove() }
        return try workspace.load(entry: #""strategies": ["cached"], "prepare": true, "scroll": {"trace": "trace.json", "frames": 10}"#).workloads
    }

    static func compare(scroll: GateFigures, prepare: GateFigures? = nil) throws -> GateComparison {
        let workloads = try Self.workloads()
        let baseline = GateBaselineTests.baseline()
        let now = zip(workloads, [prepare ?? baseline.workloads[1].figures, scroll]).map { ($0, $1) }
        return GateComparison(baseline: baseline, now: now)
    }

    @Test func unchangedPasses() throws {
        let comparison = try Self.compare(scroll: GateFigures(instructions: 1000, allocations: 0, allocatedBytes: 0, frames: 10))
        #expect(comparison.passed)
        #expect(comparison.rows.count == 7)
        #expect(comparison.rows.allSatisfy { $0.verdict == .unchanged })
        #expect(comparison.summary(updateCommand: "u") == "gate: pass, 2 workloads, 7 figures, every figure as in the baseline")
    }

    /// +2 % is the limit: 1020 passes, 1021 fails, named with its per-frame figure.
    @Test func instructionThreshold() throws {
        let within = try Self.compare(scroll: GateFigures(instructions: 1020, allocations: 0, allocatedBytes: 0, frames: 10))
        #expect(within.passed)
        #expect(within.rows.first?.verdict == .within)
        let over = try Self.compare(scroll: GateFigures(instructions: 1021, allocations: 0, allocatedBytes: 0, frames: 10))
        #expect(!over.passed)
        let row = try #require(over.regressions.first)
        #expect(row.workload == "tile-grid/tiny/cached/scroll")
        #expect(row.label == "instructions/frame")
        #expect(row.baseline == 100 && row.now == 102.1)
        #expect(over.rows.first == row)  // worst first
        #expect(over.summary(updateCommand: "u").hasPrefix("gate: FAIL, 1 regression: tile-grid/tiny/cached/scroll instructions/frame +2.1 % (limit +2 %)"))
        #expect(row.description == "tile-grid/tiny/cached/scroll instructions/frame 100 → 102.1 (+2.1 %, limit +2 %)")
    }

    /// Allocations may not grow at all; from zero the change is infinite.
    @Test func oneAllocationFromZero() throws {
        let comparison = try Self.compare(scroll: GateFigures(instructions: 1000, allocations: 1, allocatedBytes: 16, frames: 10))
        #expect(comparison.regressions.map(\.metric) == [.allocations, .allocatedBytes])
        #expect(comparison.regressions.allSatisfy { $0.change == .infinity })
    }

    /// An improvement beyond the threshold passes and says how to update the baseline.
    @Test func improvement() throws {
        let prepare = GateFigures(instructions: 4000, allocations: 3, allocatedBytes: 2048, retainedBytes: 1024)
        let comparison = try Self.compare(scroll: GateFigures(instructions: 1000, allocations: 0, allocatedBytes: 0, frames: 10), prepare: prepare)
        #expect(comparison.passed)
        #expect(comparison.improvements.map(\.metric) == [.instructions, .allocations])
        #expect(comparison.rows.suffix(2).map(\.metric) == [.instructions, .allocations])  // −20 %, −25 %: last
        let command = "gridbench gate record --out reports/gate-baseline.json"
        #expect(comparison.summary(updateCommand: command).contains("2 improved beyond the threshold: update the baseline with `\(command)`"))
        let markdown = comparison.markdown(baselinePath: "reports/gate-baseline.json", environment: GateBaselineTests.environment, updateCommand: command)
        #expect(markdown.contains("| tile-grid/tiny/cached/prepare | instructions | 5,000 | 4,000 | −20 % | improved |"))
        #expect(markdown.contains("To keep the improvement, update the baseline: `\(command)`"))
    }

    /// The table: a header, one row per figure, worst first, regressions in bold.
    @Test func markdown() throws {
        let comparison = try Self.compare(scroll: GateFigures(instructions: 1100, allocations: 0, allocatedBytes: 0, frames: 10))
        let lines = comparison.markdown(baselinePath: "b.json", environment: GateBaselineTests.environment, updateCommand: "u").split(separator: "\n")
        #expect(lines[0] == "### Performance gate: 1 regression")
        #expect(lines[1] == "| workload | figure | baseline | now | change | verdict |")
        #expect(lines[3] == "| tile-grid/tiny/cached/scroll | instructions/frame | 100 | 110 | +10 % | **regression** (limit +2 %) |")
        #expect(lines.count == 3 + 7 + 3)  // blank lines are not counted
    }

    /// Clock mode: a change counts only when it is significant.
    @Test func clock() throws {
        let workloads = try Self.workloads()
        func baseline(_ samples: [UInt64]) -> GateBaseline {
            var baseline = GateBaselineTests.baseline()
            baseline.mode = .clock
            for index in baseline.workloads.indices {
                baseline.workloads[index].figures = GateFigures(allocations: 0, clockNanos: samples)
            }
            return baseline
        }
        let steady: [UInt64] = [100, 101, 99, 100, 102, 98, 100, 101, 99, 100]
        let slower: [UInt64] = steady.map { $0 + 20 }
        let noisy: [UInt64] = [80, 140, 95, 130, 100, 125, 90, 135, 85, 145]
        let regressed = GateComparison(baseline: baseline(steady), now: workloads.map { ($0, GateFigures(allocations: 0, clockNanos: slower)) })
        #expect(regressed.regressions.map(\.metric) == [.clock, .clock])
        #expect((regressed.regressions.first?.pValue ?? 1) < 0.05)
        let noise = GateComparison(baseline: baseline(steady), now: workloads.map { ($0, GateFigures(allocations: 0, clockNanos: noisy)) })
        #expect(noise.passed, "a change that is not significant is noise")
    }

    @Test func callgrindTotals() {
        #expect(Callgrind.counts(inText: "events: Ir\nsummary: 12\n\nfn=x\n0 3\ntotals: 1234\n") == .init(total: 1234, allocator: 0))
        #expect(Callgrind.counts(inText: "events: Ir Dr\nsummary: 99 7\n")?.total == 99)
        #expect(Callgrind.counts(inText: "events: Ir\n") == nil)
    }

    /// Calls into the allocator from other code are taken out, once: not the allocator's
    /// calls within itself, nor calls elsewhere.
    @Test func allocatorCostIsTakenOut() throws {
        let profile = """
            positions: line
            events: Ir
            summary: 1000

            ob=(1) /usr/lib/libswiftCore.so
            fn=(1) swift_slowAlloc
            0 11
            cob=(2) /usr/lib/libjemalloc.so.2
            cfn=(2) malloc
            calls=3 0
            0 300
            fn=(3) swift_retain
            0 50
            cfn=(4) helper
            calls=1 0
            0 40
            ob=(2)
            fn=(2)
            0 280
            cfn=(5) arena_malloc_hard
            calls=1 0
            0 20
            fn=(6) free
            0 70
            ob=(3) /app
            fn=(7) main
            cob=(2)
            cfn=(6)
            calls=2 +4
            * 70
            """
        let counts = try #require(Callgrind.counts(inText: profile))
        #expect(counts.total == 1000)
        #expect(counts.allocator == 370)
        #expect(counts.outsideAllocator == 630)
    }

    /// A record refuses a workload whose counts differ, naming the count and its values.
    @Test func unstableCounts() {
        let same = GateFigures(instructions: 100, allocations: 2, allocatedBytes: 64)
        #expect(GateSession.unstableCounts([same, same, same]) == nil)
        let moved = GateFigures(instructions: 101, allocations: 2, allocatedBytes: 64)
        #expect(GateSession.unstableCounts([same, moved, same]) == "instructions 100, 101, 100 (spread +1 %)")
    }
}
