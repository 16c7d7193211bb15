import GridCore

/// What one ``Viewport/scroll(to:)`` frame did.
public struct FrameReport: Hashable, Sendable {
    /// Elements that entered the loaded set this frame.
    public var entered: Int
    /// Elements that left it: those that left this frame, plus those dropped by
    /// ``Viewport/reloadData()`` since the previous frame.
    public var left: Int
    /// Tiles created this frame because the pool of an entering element was empty.
    public var created: Int
    /// The digest of the loaded set after the frame.
    public var digest: LoadedSetDigest

    /// A report with the given counts.
    public init(entered: Int, left: Int, created: Int, digest: LoadedSetDigest) {
        self.entered = entered
        self.left = left
        self.created = created
        self.digest = digest
    }
}
