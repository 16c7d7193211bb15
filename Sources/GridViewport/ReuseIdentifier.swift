import GridCore

/// Names a reuse pool: tiles that leave the loaded region wait in the pool of their
/// identifier until an entering element with the same identifier takes them, as
/// `dequeueReusableTileWithIdentifier` does in CHGridView.
///
/// A small integer, so that choosing a pool costs no hashing on the hot path. By default
/// each element kind has its own pool (``init(kind:)``).
public struct ReuseIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The pool's number; a viewport keeps 256 pools, one per value.
    public let rawValue: UInt8

    /// The pool numbered `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The default pool for elements of `kind`.
    public init(kind: ElementKind) { self.rawValue = kind.rawValue }

    /// `reuse#1`.
    public var description: String { "reuse#\(rawValue)" }
}
