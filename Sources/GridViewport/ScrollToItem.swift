import GridCore

/// Where ``Viewport/scrollMeasuring(toItem:position:maxRounds:)`` puts an item on screen
/// (`UICollectionView.ScrollPosition`'s vertical cases).
///
/// The raw values are the contract names of a trace's `scroll-to-item` event.
public enum ScrollPosition: String, CaseIterable, Codable, Hashable, Sendable {
    /// `top`: the item's `minY` at the view's top edge (offset `minY`).
    case top
    /// `center`: the item's `midY` at the view's middle (offset `midY − height / 2`).
    case center
    /// `bottom`: the item's `maxY` at the view's bottom edge (offset `maxY − height`).
    case bottom
}

/// What ``Viewport/scrollMeasuring(toItem:position:maxRounds:)`` did: how many rounds it
/// took, and how far the item was from where it was asked to be after the first and the
/// last.
///
/// An item's *error* is `|y₀ − clamp(t)|`: `y₀` the viewport's offset, `t` the offset that
/// puts the item at its ``ScrollPosition`` by the layout's answer at that moment, clamped to
/// the content's ends (`0 … max(0, contentHeight − height)`). The error is measured against
/// the clamped target, the place the item *can* be: an item near the content's end cannot
/// be put at the top, and is at its place, error 0, when the view is scrolled to the end.
public struct ScrollToItemResult: Hashable, Sendable {
    /// Rounds made: each went to the target the layout answered then, and measured.
    public var rounds: Int
    /// The error after the first round (the first landing), in points.
    public var firstError: Double
    /// The error after the last round (the settled landing), in points: 0 when the item is
    /// where it was asked to be.
    public var settledError: Double

    /// The rounds made unless told otherwise: 3. One lands on the estimate and measures what
    /// it shows; the second lands on what was measured (the cells above the item that the
    /// first landing loaded are measured, so their sizes no longer move it, unless the
    /// anchor chose another cell); a third covers cells that the second landing loaded for
    /// the first time. Issue 28 asks for error 0 in at most 3 rounds.
    public static let defaultMaxRounds = 3

    /// A result of the given rounds and errors.
    ///
    /// - Parameters:
    ///   - rounds: the rounds made.
    ///   - firstError: the error after the first round, in points.
    ///   - settledError: the error after the last round, in points.
    public init(rounds: Int, firstError: Double, settledError: Double) {
        self.rounds = rounds
        self.firstError = firstError
        self.settledError = settledError
    }

    /// The worst of `self` and `other`, field by field (the largest rounds and errors, which
    /// may come from different scrolls).
    ///
    /// - Parameter other: the result of another scroll.
    /// - Returns: the largest rounds, first error and settled error of the two.
    public func worst(_ other: ScrollToItemResult) -> ScrollToItemResult {
        ScrollToItemResult(
            rounds: max(rounds, other.rounds), firstError: max(firstError, other.firstError),
            settledError: max(settledError, other.settledError))
    }
}

extension Viewport {
    /// Scrolls so that item `path` is at `position`, as `scrollToItem(at:at:animated:)`
    /// does, and corrects until it is there: at most `maxRounds` rounds, each a frame.
    ///
    /// Each round reads the item's frame from the layout as it is now (an estimate, while it
    /// and the cells before it are not measured), goes to the offset that puts it at
    /// `position` (clamped to the content's ends), and, while measuring, measures what that
    /// frame loads and corrects the offset by the anchor policy, as
    /// ``scrollMeasuring(to:)`` does. The rounds stop once the item's error (see
    /// ``ScrollToItemResult``) is 0. Not measuring, the layout does not change, so the first
    /// round lands exactly.
    ///
    /// From then on ``scrollMeasuring(to:)`` moves the view by the differences between the
    /// offsets it is asked for (its next offset less the last one asked, as a finger drags),
    /// measuring or not: a trace's offsets do not undo the scroll. x is kept.
    ///
    /// - Parameters:
    ///   - path: the item; it must exist in ``data`` and be placed by the layout.
    ///   - position: where on screen the item goes.
    ///   - maxRounds: the most rounds made, ≥ 1; ``ScrollToItemResult/defaultMaxRounds``
    ///     unless told otherwise.
    /// - Returns: the rounds made and the item's error after the first and the last.
    /// - Throws: `GridError` naming `maxRounds` when < 1; `section` or `item` when the
    ///   path does not exist in ``data`` or the layout places no such item. Nothing has
    ///   moved then.
    /// - Complexity: per round, one frame (``scrollMeasuring(to:)``'s) and two queries of
    ///   the item's attributes. No allocation once the measuring buffers have grown.
    @discardableResult
    public mutating func scrollMeasuring(
        toItem path: ItemPath, position: ScrollPosition, maxRounds: Int = ScrollToItemResult.defaultMaxRounds
    ) throws(GridError) -> ScrollToItemResult {
        guard maxRounds >= 1 else { throw .invalidParameter("maxRounds", maxRounds, expected: "an integer ≥ 1") }
        guard path.section >= 0, path.section < data.sectionCount else {
            throw GridError(
                .sectionOutOfRange, field: "section", value: "\(path.section)",
                expected: "a section in 0..<\(data.sectionCount)")
        }
        guard data.contains(path), layout.attributes(at: path) != nil else {
            throw GridError(
                .itemOutOfRange, field: "item", value: "\(path.item)",
                expected: "an item the layout places in 0..<\(data.itemCount(inSection: path.section)) of section \(path.section)")
        }
        if !following.carrying {
            // The offsets asked for from now on move the view from here.
            following.lastRequested = offset
            following.carrying = true
        }
        var result = ScrollToItemResult(rounds: 0, firstError: 0, settledError: 0)
        while result.rounds < maxRounds {
            guard let target = targetY(of: path, at: position) else { break }
            land(at: target)
            result.rounds += 1
            let error = abs(offset.y - (targetY(of: path, at: position) ?? offset.y))
            if result.rounds == 1 { result.firstError = error }
            result.settledError = error
            if error == 0 { break }
        }
        return result
    }

    /// The offset that puts item `path` at `position` by the layout's current answer,
    /// clamped to the content's ends; `nil` when the layout places no such item.
    func targetY(of path: ItemPath, at position: ScrollPosition) -> Double? {
        guard let frame = layout.attributes(at: path)?.frame else { return nil }
        let y = switch position {
        case .top: frame.minY
        case .center: frame.minY + frame.height / 2 - size.height / 2
        case .bottom: frame.maxY - size.height
        }
        return clampedY(y)
    }

    /// One round's frame: to `y` (x kept), then, while measuring, the rest of a measuring
    /// frame (measure, tell, anchor, scroll again).
    private mutating func land(at y: Double) {
        guard measuring != nil else {
            scroll(to: Point(x: offset.x, y: y))
            return
        }
        noteFirstMeasuringFrame()
        _ = finishMeasuring(scroll(to: Point(x: offset.x, y: y)))
    }
}
