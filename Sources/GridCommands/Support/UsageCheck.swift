import ArgumentParser
import Foundation
import GridConformance

/// What a command line that ArgumentParser refused got wrong first, when it is a name the
/// user mistyped: an unknown option (`--datset`) or an unknown subcommand (`dum`).
///
/// ArgumentParser decodes and validates a command before it looks for arguments left over,
/// so a mistyped `--datset` is reported as the missing `--dataset` ("Give exactly one of
/// --dataset NAME and --spec FILE"), and a mistyped subcommand as an unknown option of the
/// root (`--spec`). This check walks the command tree (from ArgumentParser's own
/// description of it) over the arguments and names the first unknown name instead, with the
/// nearest known one. It runs only after parsing failed, so it never refuses a command line
/// ArgumentParser accepts.
package enum UsageCheck {
    /// A name on the command line that no command knows.
    package struct Unknown: Equatable {
        /// The message, such as `Unknown option '--datset'. Did you mean '--dataset'?`.
        package var message: String
        /// The subcommands down to where the name was met, such as `["run"]`.
        package var commandPath: [String]
    }

    /// The first unknown option or subcommand in `arguments` (without the program's
    /// name), or `nil` when every name is known (the error is then something else).
    package static func firstUnknown(in arguments: [String], tree: Command) -> Unknown? {
        var node = tree
        var path: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return nil }
            if node.takesEverything { return nil }
            if argument.hasPrefix("--") {
                let name = String(argument.dropFirst(2).prefix { $0 != "=" })
                if builtIns.contains(name) { return nil }
                guard let known = node.arguments.first(where: { $0.longNames.contains(name) }) else {
                    let names = node.arguments.flatMap(\.longNames)
                    let nearest = StrictJSON.nearest(to: name, in: names)
                    return Unknown(
                        message: "Unknown option '--\(name)'." + (nearest.map { " Did you mean '--\($0)'?" } ?? ""),
                        commandPath: path)
                }
                if known.kind == "option", !argument.contains("=") {
                    index = known.indexAfterValues(from: index, in: arguments)
                }
            } else if argument.hasPrefix("-"), argument.count > 1 {
                // A short option (-h) or a value such as -40,-25: ArgumentParser judges it.
                continue
            } else if let next = node.subcommands.first(where: { $0.commandName == argument || ($0.aliases ?? []).contains(argument) }) {
                node = next
                path.append(next.commandName)
            } else if !node.subcommands.isEmpty, !node.arguments.contains(where: { $0.kind == "positional" }) {
                let names = node.subcommands.filter { $0.shouldDisplay ?? true }.map(\.commandName)
                let nearest = StrictJSON.nearest(to: argument, in: names)
                let hint = nearest.map { " Did you mean '\($0)'?" } ?? " Subcommands: \(names.joined(separator: ", "))."
                return Unknown(message: "Unknown subcommand '\(argument)'." + hint, commandPath: path)
            }
        }
        return nil
    }

    /// The options every command answers that ArgumentParser adds itself.
    package static let builtIns: Set<String> = ["help", "version", "experimental-dump-help", "generate-completion-script"]

    /// The command tree of `root`, as ArgumentParser describes it (`--experimental-dump-help`).
    package static func tree(of root: any ParsableCommand.Type) -> Command? {
        struct Info: Decodable { var command: Command }
        return try? JSONDecoder().decode(Info.self, from: Data(root._dumpHelp().utf8)).command
    }

    /// A command of the tree: the part of ArgumentParser's `CommandInfoV0` this check reads.
    package struct Command: Decodable {
        var commandName: String
        var aliases: [String]?
        var shouldDisplay: Bool?
        var subcommandList: [Command]?
        var argumentList: [Argument]?

        enum CodingKeys: String, CodingKey {
            case commandName, aliases, shouldDisplay, subcommandList = "subcommands", argumentList = "arguments"
        }

        var subcommands: [Command] { subcommandList ?? [] }
        var arguments: [Argument] { argumentList ?? [] }

        /// Whether the command takes arguments it does not know (to pass on): nothing after
        /// it is judged here.
        var takesEverything: Bool {
            arguments.contains { ["allUnrecognized", "allRemainingInput", "postTerminator"].contains($0.parsingStrategy) }
        }
    }

    /// An argument of a command: the part of ArgumentParser's `ArgumentInfoV0` read here.
    package struct Argument: Decodable {
        struct Name: Decodable { var kind: String; var name: String }
        var kind: String
        var parsingStrategy: String?
        var names: [Name]?

        var longNames: [String] { (names ?? []).filter { $0.kind == "long" }.map(\.name) }

        /// Where the arguments after this option's value(s) start, its value(s) beginning
        /// at `index`: one value, or for `upToNextOption` every value up to the next option.
        func indexAfterValues(from index: Int, in arguments: [String]) -> Int {
            switch parsingStrategy {
            case "upToNextOption":
                var next = index
                while next < arguments.count, !arguments[next].hasPrefix("-") { next += 1 }
                return next
            case "unconditional":
                return index + 1
            default:
                // An option's value may not look like an option (ArgumentParser's default).
                return index < arguments.count && !arguments[index].hasPrefix("--") ? index + 1 : index
            }
        }
    }
}
