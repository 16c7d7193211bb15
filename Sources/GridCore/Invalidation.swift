/// What changed since a layout was last prepared: what a viewport knows of an update and
/// tells its layout, as `UICollectionViewLayoutInvalidationContext` tells a collection
/// view's layout.
///
/// A layout told what changed may bring itself up to date without starting again: the
/// tile grid re-lays the sections a batch update touched and the tops after them, and
/// keeps its tops across a rotation, which changes only its tiles' width. The default
/// ``GridLayout/prepare(data:container:invalidation:)`` ignores what it is told and prepares
/// again, so a layout that knows nothing of invalidations still works and still conforms.
///
/// Edits of a layout's own structure (a span grid's rows and columns inserted and deleted,
/// its cells merged and split) are the layout's own operations, ``EditableLayout``, which
/// say what they changed themselves (``LayoutEdit``).
public struct Invalidation: Hashable, Sendable {
    /// How the data changed since the last prepare.
    public enum DataChange: Hashable, Sendable {
        /// The same data.
        case unchanged
        /// The data is the last prepare's with this batch update applied
        /// (``DataEdit/applied(to:)``).
        case edited(DataEdit)
        /// Anything else (a reload): nothing is known of the change.
        case replaced
    }

    /// How the container changed since the last prepare.
    public enum ContainerChange: Hashable, Sendable {
        /// The same size.
        case unchanged
        /// Only the height changed.
        case height
        /// Only the width changed.
        case width
        /// Both changed (a rotation).
        case both

        /// The change from `old` to `new`.
        public init(from old: Size, to new: Size) {
            switch (old.width == new.width, old.height == new.height) {
            case (true, true): self = .unchanged
            case (true, false): self = .height
            case (false, true): self = .width
            case (false, false): self = .both
            }
        }
    }

    /// How the data changed.
    public var data: DataChange
    /// How the container changed.
    public var container: ContainerChange

    public init(data: DataChange = .unchanged, container: ContainerChange = .unchanged) {
        self.data = data
        self.container = container
    }

    /// Anything may have changed: a layout told this prepares again.
    public static let everything = Invalidation(data: .replaced, container: .both)

    /// The data edited by `edit`, the container unchanged.
    public static func edited(_ edit: DataEdit) -> Invalidation {
        Invalidation(data: .edited(edit))
    }

    /// The container changed from `old` to `new`, the data unchanged.
    public static func resized(from old: Size, to new: Size) -> Invalidation {
        Invalidation(container: ContainerChange(from: old, to: new))
    }

    /// The first section the data change may have touched: every section before it holds
    /// the same items as before, under the same number. `0` for replaced data; for unchanged
    /// data, `oldSectionCount`, the number of sections before the change.
    public func firstChangedSection(oldSectionCount: Int) -> Int {
        switch data {
        case .unchanged: oldSectionCount
        case .replaced: 0
        case .edited(let edit): edit.firstSection
        }
    }
}
