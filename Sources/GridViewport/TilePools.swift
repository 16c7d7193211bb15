/// The reuse pools of a viewport: one stack of idle tiles per ``ReuseIdentifier``.
///
/// Tiles are numbers `0 ..< created`. Each pool is an intrusive linked stack: `head[p]` is
/// the tile on top of pool `p` and `below[t]` the tile under tile `t`, so pushing and
/// popping cost O(1) and only creating a tile can grow storage (one `Int32` per tile ever
/// created). The 256 heads and counts are allocated once, when the viewport is made.
struct TilePools {
    /// No tile.
    static let none: Int32 = -1

    /// `head[p]`: the tile on top of pool `p`, or ``none``.
    private var head: [Int32]
    /// `idle[p]`: how many tiles wait in pool `p`.
    private var idle: [Int]
    /// `below[t]`: the tile under tile `t` in its pool, or ``none``; one entry per tile.
    private var below: [Int32]

    init() {
        head = Array(repeating: Self.none, count: 256)
        idle = Array(repeating: 0, count: 256)
        below = []
    }

    /// Every tile ever created.
    var created: Int { below.count }

    /// The number of tiles waiting in `pool`.
    func count(_ pool: UInt8) -> Int { idle[Int(pool)] }

    /// Puts `tile` on top of `pool`.
    @inline(__always)
    mutating func push(_ tile: Int32, to pool: UInt8) {
        let p = Int(pool)
        below[Int(tile)] = head[p]
        head[p] = tile
        idle[p] += 1
    }

    /// Takes the top tile of `pool`, or creates a tile when the pool is empty.
    ///
    /// - Returns: the tile, and whether it was created.
    @inline(__always)
    mutating func take(from pool: UInt8) -> (tile: Int32, created: Bool) {
        let p = Int(pool)
        let top = head[p]
        if top != Self.none {
            head[p] = below[Int(top)]
            below[Int(top)] = Self.none
            idle[p] -= 1
            return (top, false)
        }
        let tile = Int32(truncatingIfNeeded: below.count)
        below.append(Self.none)
        return (tile, true)
    }
}
