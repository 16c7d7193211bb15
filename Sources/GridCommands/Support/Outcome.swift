import ArgumentParser
import Foundation
import GridCore
import GridGate
import GridHarness
import GridReports

/// The exit codes `gridbench` documents in its help.
package enum Outcome {
    package static let success = ExitCode(0)
    package static let fixtureMismatch = ExitCode(1)
    package static let badInput = ExitCode(2)
    package static let internalFailure = ExitCode(70)
    /// `EX_IOERR`: standard output, standard error or an output file could not be written.
    package static let outputFailure = ExitCode(74)

    /// The option each of ``GridHarness/ReplayOptions``'s fields comes from, so that a
    /// value the replay refuses is named as the command line gives it.
    package static let replayOptionNames = [
        "threshold": "--threshold", "minimumPasses": "--min-passes", "maximumPasses": "--max-passes",
        "targetSeconds": "--target-seconds", "layoutBudgetShare": "--layout-budget-share",
        "margin.lines": "--margin-lines", "margin.columns": "--margin-columns",
    ]
}

/// Runs `body`, turning GridBench's typed errors into a message on standard error and the
/// exit code of their kind: bad input (2) for ``InputError``, ``GridError`` and the gate's
/// bad input, output failure (74) for ``OutputFailure``, internal failure (70) for anything
/// else but an explicit `ExitCode` (an unstable workload, a crashed child). Every command of
/// `gridbench` and of a gate tool runs through it.
package func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as InputError {
        Console.error(error.description)
        throw Outcome.badInput
    } catch var error as GridError {
        // A replay option refused while running is named by its option, as on the command line.
        if let option = Outcome.replayOptionNames[error.field] { error.field = option }
        Console.error(error.description)
        throw Outcome.badInput
    } catch let error as OutputFailure {
        Console.error(error.description)
        throw Outcome.outputFailure
    } catch let error as ReportSession.ChildFailure {
        // A measuring child's exit code is passed on when it is one `gridbench` documents
        // for a cause the parent shares (bad input 2, an output failure 74); anything else
        // is an internal failure (70).
        Console.error(error.description)
        throw [Outcome.badInput.rawValue, Outcome.outputFailure.rawValue].contains(error.status) ? ExitCode(error.status) : Outcome.internalFailure
    } catch GateError.badInput(let message) {
        Console.error(message)
        throw Outcome.badInput
    } catch let error as CleanExit {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch {
        Console.error("\(error)")
        throw Outcome.internalFailure
    }
}

/// Writing to the terminal: the one way `gridbench` writes to standard output and error
/// (see ``GridHarness/StandardStreams``).
package enum Console {
    /// Writes `text` and a newline on standard output.
    ///
    /// - Throws: ``OutputFailure`` when it cannot be written; the command exits 74.
    package static func print(_ text: String) throws(OutputFailure) {
        try StandardStreams.write(text + "\n", to: .output)
    }

    /// Writes `data` on standard output.
    package static func output(_ data: Data) throws(OutputFailure) {
        try StandardStreams.write(data, to: .output)
    }

    /// The program's name in messages: `gridbench`, or a gate tool's name. Set once, at
    /// the start of `main`, before anything else runs.
    nonisolated(unsafe) package static var commandName = "gridbench"

    /// Prints `<command>: error: <message>` on standard error.
    package static func error(_ message: String) {
        standardError(commandName + ": error: " + message + "\n")
    }

    /// Prints `message` on standard error, as progress and notes go.
    package static func note(_ message: String) {
        standardError(message + "\n")
    }

    /// Writes on standard error; a failure is remembered, and turns an exit 0 into 74.
    package static func standardError(_ text: String) {
        StandardStreams.note(text)
    }

    /// Whether standard error is a terminal, where progress redraws one line.
    package static var errorIsTerminal: Bool { isatty(2) != 0 }
}
