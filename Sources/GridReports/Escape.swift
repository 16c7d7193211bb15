/// Escaping of the strings a report takes from results files (data set, trace and strategy
/// names, environment values) before they go into HTML, SVG or Markdown.
///
/// A name is data, never markup: `a<b&"c"` must read as those six characters everywhere.
public enum Escape {
    /// Escapes `&`, `<`, `>`, `"` and `'` for HTML and SVG text and (double- or
    /// single-quoted) attribute values.
    public static func html(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Backslash-escapes the characters that Markdown (CommonMark and GitHub tables) would
    /// read as markup: `\ ` * _ [ ] < > | & ~ #`. Line breaks become spaces, so a name cannot
    /// break a table row.
    public static func markdown(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "&", "~", "#":
                escaped.append("\\")
                escaped.append(character)
            case "\n", "\r", "\r\n":
                escaped.append(" ")
            default:
                escaped.append(character)
            }
        }
        return escaped
    }
}
