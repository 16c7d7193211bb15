import ArgumentParser
import GridCommands
import Foundation
import GridHarness

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
              1   fixture mismatch: a strategy's loaded set differed from the reference's in some frame; `fixtures verify` found a fixture the reference no longer reproduces; `conform` found a violated law or nothing it could check
              2   bad input: a malformed or inconsistent spec, trace, CSV, fixture, plan, query, answer or results file, a bad value (unknown layout or strategy name…) or an input over a documented limit; the message names the file, the field and the value
              64  command-line usage error (unknown option, missing argument)
              70  internal failure
              74  output failure: standard output, standard error or an output file could not be written (a full disk, a closed descriptor)
            """,
        version: "gridbench 1.0",
        subcommands: [
            Report.self, Run.self, Dump.self, TraceCommand.self, FixturesCommand.self, DatasetsCommand.self, Conform.self,
            Gate.self,
        ])

    /// Parses and runs the command, with every byte of help, messages and output going
    /// through ``Console``: a write that fails ends the process with 74, never 0 and never
    /// a trap.
    static func main() {
        StandardStreams.ignoreBrokenPipe()
        var code: Int32
        do {
            var command: any ParsableCommand
            do {
                command = try parseAsRoot()
            } catch {
                if exitCode(for: error) == .validationFailure, let unknown = unknownName() {
                    Console.standardError(unknown)
                    Foundation.exit(ExitCode.validationFailure.rawValue)
                }
                throw error
            }
            try command.run()
            code = 0
        } catch let error as ExitCode {
            code = error.rawValue
        } catch {
            code = exitCode(for: error).rawValue
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == 0 {
                    do {
                        try Console.print(message)
                    } catch {
                        Console.error(error.description)
                    }
                } else {
                    Console.standardError(message + "\n")
                }
            }
        }
        if code == 0, StandardStreams.anyFailed { code = Outcome.outputFailure.rawValue }
        Foundation.exit(code)
    }

    /// The usage message for the first mistyped option or subcommand of the command line
    /// (see ``UsageCheck``), in ArgumentParser's own form, or `nil` when there is none.
    private static func unknownName() -> String? {
        guard let tree = UsageCheck.tree(of: Self.self),
              let unknown = UsageCheck.firstUnknown(in: Array(CommandLine.arguments.dropFirst()), tree: tree)
        else { return nil }
        var command: any ParsableCommand.Type = Self.self
        for name in unknown.commandPath {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == name }) else { break }
            command = next
        }
        let path = (["gridbench"] + unknown.commandPath).joined(separator: " ")
        return "Error: \(unknown.message)\nUsage: \(usageString(for: command))\n  See '\(path) --help' for more information.\n"
    }
}
