import GridCore

/// One element in a viewport's loaded set: where it is displayed, and which tile shows it.
public struct LoadedElement: Hashable, Sendable {
    /// The element as displayed: its layout attributes, except that a pinned section
    /// header carries its pinned frame.
    public var attributes: LayoutAttributes
    /// The tile object that shows it: a number in `0 ..< tilesCreated`, unique within the
    /// loaded set. A tile keeps its number while it waits in a reuse pool.
    public var tile: Int32
    /// Whether the viewport shows it at a pinned frame (a section header pinned until the
    /// next, an element of a frozen band) rather than at its layout frame. Kept so that an
    /// incremental frame can tell, without asking the layout, which loaded elements follow
    /// the offset; not part of the element's value (equality and hashing ignore it). It
    /// sits in the padding after ``tile``: the stride stays 64.
    var pinned = false

    /// An element shown by `tile`.
    public init(attributes: LayoutAttributes, tile: Int32) {
        self.attributes = attributes
        self.tile = tile
    }

    init(attributes: LayoutAttributes, tile: Int32, pinned: Bool) {
        self.attributes = attributes
        self.tile = tile
        self.pinned = pinned
    }

    public static func == (a: LoadedElement, b: LoadedElement) -> Bool {
        a.attributes == b.attributes && a.tile == b.tile
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(attributes)
        hasher.combine(tile)
    }

    /// The element's identity. - Complexity: O(1).
    @inlinable
    public var id: ElementID { attributes.id }
}
