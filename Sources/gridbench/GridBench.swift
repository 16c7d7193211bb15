import ArgumentParser

/// `gridbench`: a thin command tree over GridBench's layers.
@main
struct GridBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gridbench",
        abstract: "Replay scroll traces against grid layout strategies, measure them and check them.",
        discussion: """
            Run from the repository root, where datasets/plan.json is, or pass --plan.

            Exit codes:
              0   success
              1   fixture mismatch: a strategy's loaded set differed from the reference's
                  in some frame; `fixtures verify` found a fixture the reference no longer
                  reproduces; `conform` found a violated law or nothing it could check
              2   bad input: a malformed or inconsistent spec, trace, CSV, fixture, plan,
                  query or answer file, or a bad value (unknown layout or strategy name…);
                  the message names the file, the field and the value
              64  command-line usage error (unknown option, missing argument)
              70  internal failure (a file could not be written…)
            """,
        version: "gridbench 1.0",
        subcommands: [
            Report.self, Run.self, Dump.self, TraceCommand.self, FixturesCommand.self, DatasetsCommand.self, Conform.self,
            Gate.self,
        ])
}
