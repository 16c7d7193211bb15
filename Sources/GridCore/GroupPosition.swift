/// Where a cell sits in its group, for layouts that draw groups the way a grouped table
/// view does: the only cell, or the top, a middle or the bottom one (which corners are
/// rounded, where separators go).
///
/// The columnar grouped layout's source hid this in `zIndex`; here it is a field of
/// ``LayoutAttributes`` of its own, compared by ``LayoutAttributes/isIdentical(to:)`` like
/// the frame, so the agreement and determinism laws hold it to the same standard.
/// Layouts that have no groups leave it ``none``.
public enum GroupPosition: UInt8, Hashable, Sendable, CaseIterable {
    /// Not part of a group (every element of layouts that have none).
    case none = 0
    /// The only cell of its group.
    case single = 1
    /// The first of several.
    case top = 2
    /// Neither first nor last.
    case middle = 3
    /// The last of several.
    case bottom = 4

    /// The position of item `item` in a group of `count` items (`0 ≤ item < count`).
    /// - Complexity: O(1).
    @inlinable
    public init(item: Int, of count: Int) {
        if count == 1 {
            self = .single
        } else if item == 0 {
            self = .top
        } else if item == count - 1 {
            self = .bottom
        } else {
            self = .middle
        }
    }

    /// The name files and `gridbench dump` use: `single`, `top`, `middle`, `bottom`
    /// (`none` for ``none``).
    public var name: String {
        switch self {
        case .none: "none"
        case .single: "single"
        case .top: "top"
        case .middle: "middle"
        case .bottom: "bottom"
        }
    }

    /// The position called `name`, or `nil`.
    public init?(name: String) {
        guard let found = GroupPosition.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }
}
