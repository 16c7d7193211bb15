import ArgumentParser
import Foundation
import GridCore
import GridHarness
import GridReports

/// The exit codes `gridbench` documents in its help.
enum Outcome {
    static let success = ExitCode(0)
    static let fixtureMismatch = ExitCode(1)
    static let badInput = ExitCode(2)
    static let internalFailure = ExitCode(70)
    /// `EX_IOERR`: standard output, standard error or an output file could not be written.
    static let outputFailure = ExitCode(74)
}

/// Runs `body`, turning GridBench's typed errors into a message on standard error and the
/// exit code of their kind: bad input (2) for ``InputError`` and ``GridError``, output
/// failure (74) for ``OutputFailure``, internal failure (70) for anything else but an
/// explicit `ExitCode`.
func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as InputError {
        Console.error(error.description)
        throw Outcome.badInput
    } catch var error as GridError {
        // A replay option refused while running is named by its option, as on the command line.
        if let option = MeasureOptions.optionNames[error.field] { error.field = option }
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
enum Console {
    /// Writes `text` and a newline on standard output.
    ///
    /// - Throws: ``OutputFailure`` when it cannot be written; the command exits 74.
    static func print(_ text: String) throws(OutputFailure) {
        try StandardStreams.write(text + "\n", to: .output)
    }

    /// Writes `data` on standard output.
    static func output(_ data: Data) throws(OutputFailure) {
        try StandardStreams.write(data, to: .output)
    }

    /// Prints `gridbench: error: <message>` on standard error.
    static func error(_ message: String) {
        standardError("gridbench: error: " + message + "\n")
    }

    /// Prints `message` on standard error, as progress and notes go.
    static func note(_ message: String) {
        standardError(message + "\n")
    }

    /// Writes on standard error; a failure is remembered, and turns an exit 0 into 74.
    static func standardError(_ text: String) {
        StandardStreams.note(text)
    }

    /// Whether standard error is a terminal, where progress redraws one line.
    static var errorIsTerminal: Bool { isatty(2) != 0 }
}
