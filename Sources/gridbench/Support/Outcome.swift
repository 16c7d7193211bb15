import ArgumentParser
import Foundation
import GridCore

/// The exit codes `gridbench` documents in its help.
enum Outcome {
    static let success = ExitCode(0)
    static let fixtureMismatch = ExitCode(1)
    static let badInput = ExitCode(2)
    static let internalFailure = ExitCode(70)
}

/// Runs `body`, turning GridBench's typed errors into a message on standard error and the
/// exit code of their kind: bad input (2) for ``InputError`` and ``GridError``, internal
/// failure (70) for anything else but an explicit `ExitCode`.
func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as InputError {
        Console.error(error.description)
        throw Outcome.badInput
    } catch let error as GridError {
        Console.error(error.description)
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

/// Writing to the terminal.
enum Console {
    /// Prints `gridbench: error: <message>` on standard error.
    static func error(_ message: String) {
        standardError("gridbench: error: " + message + "\n")
    }

    /// Prints `message` on standard error, as progress and notes go.
    static func note(_ message: String) {
        standardError(message + "\n")
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether standard error is a terminal, where progress redraws one line.
    static var errorIsTerminal: Bool { isatty(2) != 0 }
}
