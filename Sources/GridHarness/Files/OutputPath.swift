#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridCore

/// Checks on where a command writes.
public enum OutputPath {
    /// Refuses an output path that names one of the command's input files (by path or, for
    /// links, by identity), which writing would replace before, or instead of, reading it.
    ///
    /// - Throws: `InputError` naming the option and the file.
    public static func refuseOverwritingInput(out: String, option: String, inputs: [String]) throws(InputError) {
        for input in inputs where sameFile(out, input) {
            throw InputError(
                file: out, field: option, value: "the input file \(input)",
                expected: "an output path other than the command's input files, which writing would replace")
        }
    }

    /// Whether `a` and `b` name the same file: the same device and inode when both exist,
    /// else the same standardized absolute path.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        if stat(a, &sa) == 0, stat(b, &sb) == 0 {
            return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
        }
        return URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
            == URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
