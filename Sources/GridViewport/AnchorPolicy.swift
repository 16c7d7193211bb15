/// How a measuring viewport keeps the screen still when a measurement moves what it shows
/// (issue 28's scroll anchoring): which element's on-screen position its offset follows.
///
/// The anchor is chosen among the loaded cells that are not pinned, before the frame's
/// measurement is told: the fully visible ones along y, or, when no cell fits on screen
/// whole, those the screen shows. Its shift is read from the layout after the measurement
/// (`GridLayout.attributes(at:)`), and the corrected offset is clamped to the content's ends.
///
/// The raw values are the contract names of `gridbench run --anchor` and of the
/// `"anchor"` field of `results.json`.
public enum AnchorPolicy: String, CaseIterable, Codable, Hashable, Sendable {
    /// `none`: the offset is kept; visible elements jump when something above them changes
    /// size.
    case keepsOffset = "none"
    /// `first-visible` (the default): the first fully visible cell (the topmost, then the
    /// leftmost) keeps its on-screen position; the offset is corrected by the shift of its
    /// top, as MagazineLayout's `topItem` and UIKit's `contentOffsetAdjustment` do.
    case firstVisible = "first-visible"
    /// `last-visible`: the last fully visible cell (the bottommost, then the leftmost)
    /// keeps its on-screen position, so the bottom stays put (a chat); the offset is
    /// corrected by the shift of its bottom.
    case lastVisible = "last-visible"

    /// The policy a run uses unless told otherwise: ``firstVisible``.
    public static let standard = AnchorPolicy.firstVisible
}
