import GridCore

/// A one-dimensional spatial index over element frames: the content is cut into bands of
/// equal extent along the scroll axis, each element is stored once, in the band where it
/// starts, and each band also lists the elements that start in an earlier band and reach
/// into it (its *spill*).
///
/// A query over `[a, b)` along the axis scans the spill of the band holding `a` and every
/// element starting in the bands from `a`'s to `b`'s. Each element is scanned at most
/// once: an element that starts before the first band can only meet the query through that
/// band, so the first band's spill holds every such element; the spill of the others is
/// never read.
///
/// Band membership uses one function for elements and queries (`floor(v / bandExtent)`,
/// clamped), and a query needs the elements whose far edge lies beyond `a`, so an element
/// reaches band `floor(maxY.nextDown / bandExtent)`: floating-point rounding cannot lose one.
///
/// - Complexity: a query is O(B + m) for the B bands it spans and the m elements starting
///   in them or spilling into the first; with bands about one line high, O(1 + k) for
///   k results. Memory: 4 bytes per band and per spill entry (elements no taller than a
///   band spill into at most one other).
@usableFromInline
struct BandIndex: Sendable {
    /// The extent of one band along the axis, > 0.
    @usableFromInline let bandExtent: Double
    /// `bandStarts[b] ..< bandStarts[b + 1]` are the positions of the elements starting in
    /// band `b`; the element arrays are ordered by band.
    @usableFromInline var bandStarts: [Int32]
    /// `spillStarts[b] ..< spillStarts[b + 1]` index `spill`: the positions of elements that
    /// start before band `b` and reach into it.
    @usableFromInline var spillStarts: [Int32]
    @usableFromInline var spill: [Int32]
    /// The index of the last band, `bandCount − 1`.
    @usableFromInline let lastBand: Int

    /// The number of bands.
    @inlinable var bandCount: Int { lastBand + 1 }

    /// An index of `bandCount ≥ 1` bands `bandExtent > 0` long, with no elements yet.
    @usableFromInline
    init(bandExtent: Double, bandCount: Int) {
        self.bandExtent = bandExtent
        self.lastBand = max(bandCount, 1) - 1
        self.bandStarts = [0]
        self.bandStarts.reserveCapacity(bandCount + 1)
        self.spillStarts = []
        self.spill = []
    }

    /// The band that holds axis coordinate `v`, clamped to the bands there are; NaN goes to
    /// band 0.
    @inlinable
    func band(of v: Double) -> Int {
        let raw = (v / bandExtent).rounded(.down)
        guard raw > 0 else { return 0 }
        return raw >= Double(lastBand) ? lastBand : Int(raw)
    }
}
