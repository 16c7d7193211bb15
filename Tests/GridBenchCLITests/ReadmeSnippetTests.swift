import Foundation
import Testing

/// The README's third-party sections, "Check your own layout" and "Gate your layout in CI",
/// against `Examples/QuickStart/MyLayout`, the package CI builds, tests and gates
/// (`.ci/run`, through its `ci.sh`): every code block of the two sections appears, line for
/// line, in the file of that package it stands for, so the README shows a path that works.
@Suite struct ReadmeSnippetTests {
    static let sections = ["Check your own layout", "Gate your layout in CI"]

    /// A fenced block: its language and its lines.
    struct Block: CustomStringConvertible {
        var language: String
        var lines: [String]
        var description: String { "```\(language)\n\(lines.joined(separator: "\n"))\n```" }
    }

    /// The file of the QuickStart package `block` must appear in, and the lines that must
    /// appear there; nil for a block of GridBench's own commands, which the package has no
    /// part in (`gridbench conform`, `gridbench gate`: their own tests run them).
    static func counterpart(of block: Block) -> (file: String, lines: [String])? {
        let text = block.lines.joined(separator: "\n")
        switch block.language {
        case "swift" where block.lines.first == "// swift-tools-version: 6.0",
            "swift" where text.contains("package.targets.append"):
            return ("Package.swift", block.lines)
        case "swift" where text.contains("import Testing"):
            return ("Tests/MyLayoutTests/MyLayoutTests.swift", block.lines)
        case "swift" where text.contains(": GateTool"):
            return ("Sources/MyGate/MyGate.swift", block.lines)
        case "yaml":
            // The step's script, `run: |` and what is indented under it, is ci.sh's.
            guard let run = block.lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "run: |" }) else {
                return ("ci.sh", block.lines)
            }
            let script = block.lines[(run + 1)...]
            let indent = script.first.map { $0.prefix { $0 == " " }.count } ?? 0
            return ("ci.sh", script.map { String($0.dropFirst(indent)) })
        case "sh" where text.contains("my-gate record"):
            return ("record-baseline.sh", block.lines)
        case "sh" where block.lines.allSatisfy(isGridBenchsOwn):
            return nil
        default:
            return ("(no file: say which in ReadmeSnippetTests.counterpart)", block.lines)
        }
    }

    /// A command line of GridBench's own tool, or a comment.
    static func isGridBenchsOwn(_ line: String) -> Bool {
        line.hasPrefix("#") || line.hasPrefix("gridbench ") || line.hasPrefix(".build/release/gridbench ")
            || line == "swift build -c release --product gridbench"
    }

    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The fenced blocks of the README section headed `## heading`.
    static func blocks(inSection heading: String, of readme: String) throws -> [Block] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "## \(heading)"), "README.md has no section \"## \(heading)\"")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        var blocks: [Block] = []
        var current: Block?
        for line in lines[(start + 1) ..< end] {
            if current == nil, line.hasPrefix("```") {
                current = Block(language: String(line.dropFirst(3)), lines: [])
            } else if let block = current, line == "```" {
                blocks.append(block)
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        #expect(current == nil, "an unclosed block in \"\(heading)\"")
        return blocks
    }

    /// The README is a front door a newcomer reads in five minutes: at most 200 lines, the
    /// rest in docs/, the DocC catalogs and reports/.
    @Test func theReadmeIsAtMostTwoHundredLines() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - (readme.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 200, "README.md has \(lines) lines: move detail to docs/")
    }

    @Test func everyThirdPartySnippetIsInTheQuickStartPackage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let package = Self.root.appendingPathComponent("Examples/QuickStart/MyLayout")
        var filesShown: Set<String> = []
        for heading in Self.sections {
            let blocks = try Self.blocks(inSection: heading, of: readme)
            #expect(!blocks.isEmpty, "no code blocks in \"\(heading)\"")
            for block in blocks {
                guard let counterpart = Self.counterpart(of: block) else { continue }
                let (file, lines) = counterpart
                let path = package.appendingPathComponent(file)
                guard let source = try? String(contentsOf: path, encoding: .utf8) else {
                    Issue.record("README.md, \"\(heading)\": a block for \(path.path), which cannot be read:\n\(block)")
                    continue
                }
                filesShown.insert(file)
                let expected = lines.joined(separator: "\n") + "\n"
                #expect(
                    source.hasPrefix(expected) || source.contains("\n" + expected),
                    "README.md, \"\(heading)\": this block is not in Examples/QuickStart/MyLayout/\(file) line for line; change both:\n\(block)")
            }
        }
        // The package's every file that a user writes by hand is in the README.
        #expect(
            filesShown == ["Package.swift", "Tests/MyLayoutTests/MyLayoutTests.swift", "Sources/MyGate/MyGate.swift", "ci.sh", "record-baseline.sh"],
            "the README's blocks stand for \(filesShown.sorted())")
    }
}
