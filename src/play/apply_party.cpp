// Placeholder: this op is not implemented yet; every command of it is refused not-configured.
#include "play/apply_ops.hpp"

namespace rk::play::detail {

Outcome apply_party(const Ruleset& ruleset, Game& game, const Command& command) {
  (void)ruleset;
  (void)game;
  (void)command;
  return Outcome::refused(Refusal::NotConfigured);
}

}  // namespace rk::play::detail
