// Placeholder: this op is not implemented yet; every command of it is refused not-configured.
#include "play/apply_ops.hpp"

namespace rk::play::detail {

Outcome apply_advance(const Ruleset& ruleset, Character& character, const Advance& advance) {
  (void)ruleset;
  (void)character;
  (void)advance;
  return Outcome::refused(Refusal::NotConfigured);
}

}  // namespace rk::play::detail
