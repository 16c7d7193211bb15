import GridConformance

extension ConformanceLaw {
    /// Every law but 10, which is checked only where a layout declares
    /// `LayoutTraits.measurementLocality` (the tile grid, the data grid, the span grid and
    /// the test layouts do not).
    static let undeclaredLocality = allCases.filter { $0 != .locality }
}
