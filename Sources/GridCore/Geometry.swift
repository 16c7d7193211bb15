/// A point in layout space, in points. `y` grows downwards, as in UIKit.
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Whether both dimensions are finite numbers (not NaN, not infinite).
    @inlinable
    public var isFinite: Bool { width.isFinite && height.isFinite }
}

/// An axis-aligned rectangle: the half-open region `[minX, maxX) × [minY, maxY)`.
///
/// Rectangles are closed at their origin and open at their far edges, so two tiles that
/// touch (`a.maxX == b.minX`) do not intersect, and a rectangle of zero width or height
/// intersects nothing. Every rect query in GridBench follows these rules (law 1 of
/// ``GridLayout``).
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }

    /// True when the rectangle covers no area: a width or height that is zero, negative or NaN.
    @inlinable
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Whether every coordinate is a finite number.
    @inlinable
    public var isFinite: Bool { origin.x.isFinite && origin.y.isFinite && size.isFinite }

    /// Whether the two half-open regions share any area.
    ///
    /// Empty rectangles intersect nothing; a NaN anywhere makes the answer `false`.
    /// - Complexity: O(1).
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty
            && minX < other.maxX && other.minX < maxX
            && minY < other.maxY && other.minY < maxY
    }

    /// Whether `other` lies entirely inside this rectangle (edges may touch).
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The rectangle moved in by `dx` on the left and right and `dy` at the top and bottom,
    /// as `CGRect.insetBy(dx:dy:)`: negative values grow it.
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }

    /// Whether the two rectangles hold the same bits in every coordinate.
    ///
    /// Stricter than `==`, which treats `0.0` and `-0.0` as equal and NaN as unequal to
    /// itself. Determinism (law 5) is stated in these terms.
    @inlinable
    public func isIdentical(to other: Rect) -> Bool {
        origin.x.bitPattern == other.origin.x.bitPattern
            && origin.y.bitPattern == other.origin.y.bitPattern
            && size.width.bitPattern == other.size.width.bitPattern
            && size.height.bitPattern == other.size.height.bitPattern
    }
}

extension Rect: Codable {
    private enum CodingKeys: String, CodingKey { case x, y, width, height }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            x: try c.decode(Double.self, forKey: .x),
            y: try c.decode(Double.self, forKey: .y),
            width: try c.decode(Double.self, forKey: .width),
            height: try c.decode(Double.self, forKey: .height))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(origin.x, forKey: .x)
        try c.encode(origin.y, forKey: .y)
        try c.encode(size.width, forKey: .width)
        try c.encode(size.height, forKey: .height)
    }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}

extension Size: CustomStringConvertible {
    public var description: String { "\(width) × \(height)" }
}

extension Rect: CustomStringConvertible {
    public var description: String { "(x: \(minX), y: \(minY), w: \(width), h: \(height))" }
}
