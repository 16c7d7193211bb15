import ArgumentParser
import Foundation
import GridCommands
import GridCore
import GridGate
import GridHarness

/// `record`, `check`, `merge`, `trend` and the hidden `run-workload`, for any ``GateTool``.
public struct GateCommand<Tool: GateTool>: ParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Tool.commandName,
            abstract: "The performance gate: instruction and allocation counts against a committed baseline.",
            discussion: """
                `record --out FILE` measures every workload of the gate plan several times and writes the baseline (atomically); `check --baseline FILE` measures them again and compares. `check --history DIR` also appends the run's figures to a history (a new file per run), and `trend --history DIR --out DIR2` charts it: steps marked with their commits, creeps under the threshold flagged. On a regression, `check` lists the functions whose instructions changed most; `--explain DIR` writes their callgrind profiles. `check --shard i/n --json PART.json` measures one share of the plan, and `merge --baseline FILE PART.json…` joins the shares into the check one run would have given. Instructions are counted by valgrind's callgrind in the measured region only; allocations by jemalloc. --clock uses wall-clock time instead, for machines without valgrind (weaker: noise is filtered by a Mann-Whitney U test).

                Exit codes:
                  0   every figure within its threshold (improvements pass, and say how to update the baseline)
                  1   a regression: some figure beyond its threshold; the workloads are named
                  2   bad input: a missing, truncated or corrupt baseline or plan, an unknown workload, a baseline recorded with another toolchain, valgrind, architecture or build (the message says which, and how to re-record); valgrind missing; a missing, duplicated or mismatched share given to merge; an unreadable history for trend
                  64  command-line usage error
                  70  internal failure: a workload whose counts change from run to run (nothing is recorded), a child that crashed
                  74  output failure: standard output, standard error or an output file could not be written

                \(Tool.subcommandPath.isEmpty ? "`dump --spec FILE` prints the frames a spec's layout gives, and `trace generate --spec FILE` makes scroll traces over it, as `gridbench dump` and `gridbench trace` do, for this tool's layouts and GridBench's.\n\n" : "")
                """,
            subcommands: [GateRecord<Tool>.self, GateCheck<Tool>.self, GateMergeCommand<Tool>.self, GateTrendCommand<Tool>.self]
                // A tool of its own also dumps and traces its layouts; `gridbench gate` leaves
                // that to `gridbench dump` and `gridbench trace`.
                + (Tool.subcommandPath.isEmpty ? [Dump.self, TraceCommand.self] : [])
                + [GateRunWorkload<Tool>.self])
    }

    public init() {}
}
