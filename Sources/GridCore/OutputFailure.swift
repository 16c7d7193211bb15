/// Output that could not be written: to standard output or error, or to a file. Tools exit
/// 74 (`EX_IOERR`) on it.
public struct OutputFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `standard output`, `standard error`, or a file's path.
    public var target: String
    /// Why, in words (`No space left on device`).
    public var reason: String

    public init(target: String, reason: String) {
        self.target = target
        self.reason = reason
    }

    public var description: String { "could not write \(target): \(reason)" }
}
