/// Bands of equal extent along a scroll axis: the geometry of a cache's spatial index, and of
/// ``ElementSink``'s order check, which must agree with it bit for bit.
///
/// Band `b` holds the coordinates `v` with `⌊v · inverse⌋ = b`, clamped to the bands there
/// are; NaN and negative coordinates go to band 0. The product by the reciprocal is
/// monotonic, so elements ordered by coordinate are ordered by band.
@usableFromInline
package struct BandGeometry: Hashable, Sendable {
    /// The extent of one band along the axis, > 0.
    @usableFromInline package let bandExtent: Double
    /// `1 / bandExtent`.
    @usableFromInline package let inverseExtent: Double
    /// The index of the last band, `bandCount − 1`.
    @usableFromInline package let lastBand: Int

    /// `bandCount ≥ 1` bands (fewer reads as 1) `bandExtent > 0` long.
    @inlinable
    package init(bandExtent: Double, bandCount: Int) {
        self.bandExtent = bandExtent
        self.inverseExtent = 1 / bandExtent
        self.lastBand = max(bandCount, 1) - 1
    }

    /// The number of bands.
    @inlinable package var bandCount: Int { lastBand + 1 }

    /// The band that holds axis coordinate `v`.
    @inlinable @inline(__always)
    package func band(of v: Double) -> Int {
        let raw = v * inverseExtent
        guard raw > 0 else { return 0 }
        return raw >= Double(lastBand) ? lastBand : Int(raw)
    }
}
