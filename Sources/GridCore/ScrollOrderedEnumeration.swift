/// A layout that can write every element it places straight into a cache's arrays, in the
/// cache's order, faster than the rect queries a cache is otherwise built from.
///
/// The cached strategy asks for this first. The sink checks the order as the elements come
/// (``ElementSink``) and, when it is broken, builds from rect queries instead, so a mistake
/// in the order costs time, never a wrong answer. What the elements are is the adopter's
/// promise: exactly the elements that rect queries over the whole content return, each
/// once, with the same frames bit for bit (law 1 of ``GridLayout``), and no group positions
/// (a layout that sets them is cached from its queries). GridBench's own adopters have tests
/// that build their cache both ways and compare every array.
public protocol ScrollOrderedEnumeration: GridLayout {
    /// Appends every element to `sink` in order of the band its frame starts in along the
    /// scroll axis: enumerating by the frames' start along the axis (`minY`, or `minX` for a
    /// horizontal layout) keeps that order. The bands are the cache's to choose, so the order
    /// to keep is the frames' starts never decreasing; elements that start at the same
    /// coordinate may come in any order (`GridConformance` checks this, under law 1). On
    /// content that scrolls both ways the sink sorts each band by `minX`, then ID, cheaply
    /// when they come nearly so. May return early once `sink.isStopped`.
    func enumerateElements(into sink: inout ElementSink)
}
