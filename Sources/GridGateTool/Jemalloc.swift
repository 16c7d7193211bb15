import CJemalloc
import GridGate

/// The jemalloc this process runs on.
public enum Jemalloc {
    /// `jemalloc 5.3.0` (from `mallctl("version")`, without its git suffix), or `jemalloc`.
    public static var name: String {
        var version: UnsafePointer<CChar>?
        var length = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &version, &length, nil, 0) == 0, let version else { return "jemalloc" }
        // "5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c" → "5.3.0"
        return "jemalloc " + String(String(cString: version).prefix { $0 != "-" })
    }
}
