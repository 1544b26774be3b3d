// The consent screen's lists: the manifest's groups of expandable items, and the collapsible box of the scopes the
// user cannot grant. Expansion is Radix's Collapsible: each item with details is a button (`aria-expanded`,
// `aria-controls`), so Enter and Space open it.
import * as Collapsible from '@radix-ui/react-collapsible';
import { forwardRef, useId, useState } from 'react';
import { createPart, type PartProps } from '../../../primitives/createPart';
import type { ConsentManifestGroup, ConsentManifestItem } from '../manifest';
import { useIdpMessages } from '../messages';
import { CONSENT_SCOPE, useIDPConsentScreenContext } from './consentContext';

const Manifest = createPart(CONSENT_SCOPE, 'manifest', 'div');
const Group = createPart(CONSENT_SCOPE, 'group', 'div');
const GroupHeader = createPart(CONSENT_SCOPE, 'group-header', 'p');
const Items = createPart(CONSENT_SCOPE, 'items', 'ul');
const Item = createPart(CONSENT_SCOPE, 'item', 'li');
const ItemTrigger = createPart(CONSENT_SCOPE, 'item-trigger', 'button');
const ItemText = createPart(CONSENT_SCOPE, 'item-text', 'span');
const ItemDetails = createPart(CONSENT_SCOPE, 'item-details', 'ul');
const ItemDetail = createPart(CONSENT_SCOPE, 'item-detail', 'li');
const Ungrantable = createPart(CONSENT_SCOPE, 'ungrantable', 'div');
const UngrantableTrigger = createPart(CONSENT_SCOPE, 'ungrantable-trigger', 'button');
const UngrantableContent = createPart(CONSENT_SCOPE, 'ungrantable-content', 'div');
const UngrantableHeader = createPart(CONSENT_SCOPE, 'ungrantable-header', 'p');
const UngrantableItems = createPart(CONSENT_SCOPE, 'ungrantable-items', 'ul');

/** The open/closed chevron of a collapsible (`data-part="indicator"`, `data-state`), decorative. */
function Indicator({ isOpen }: { isOpen: boolean }) {
  return (
    <svg
      data-scope={CONSENT_SCOPE}
      data-part="indicator"
      data-state={isOpen ? 'open' : 'closed'}
      aria-hidden="true"
      focusable="false"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 6l4 4 4-4" />
    </svg>
  );
}

/** Props of `IDPConsentScreenItem`. */
export interface IDPConsentScreenItemProps extends Omit<PartProps<'li'>, 'children'> {
  item: ConsentManifestItem;
  /** Opens the details at first (default closed). */
  defaultOpen?: boolean;
}

/**
 * One consent item (`data-part="item"`): with details, a Radix collapsible whose `item-trigger` button shows the
 * `item-text` and an `indicator` and opens the `item-details` list (`item-detail` each; `data-state="open|closed"`
 * on the item, the trigger and the details); without details, the text alone.
 */
export const IDPConsentScreenItem = forwardRef<HTMLLIElement, IDPConsentScreenItemProps>(function IDPConsentScreenItem(
  { item, defaultOpen = false, ...props },
  ref,
) {
  // Controlled, so the indicator shows the same state as Radix's parts.
  const [isOpen, setIsOpen] = useState(defaultOpen);
  if (item.details.length === 0) {
    return (
      <Item {...props} ref={ref}>
        <ItemText>{item.text}</ItemText>
      </Item>
    );
  }
  return (
    <Collapsible.Root open={isOpen} onOpenChange={setIsOpen} asChild>
      <Item {...props} ref={ref}>
        <Collapsible.Trigger asChild>
          <ItemTrigger>
            <ItemText>{item.text}</ItemText>
            <Indicator isOpen={isOpen} />
          </ItemTrigger>
        </Collapsible.Trigger>
        <Collapsible.Content asChild>
          <ItemDetails>
            {item.details.map((detail) => (
              <ItemDetail key={detail}>{detail}</ItemDetail>
            ))}
          </ItemDetails>
        </Collapsible.Content>
      </Item>
    </Collapsible.Root>
  );
});

/** Props of `IDPConsentScreenGroup`. */
export interface IDPConsentScreenGroupProps extends Omit<PartProps<'div'>, 'children'> {
  group: ConsentManifestGroup;
}

/** One group of the manifest (`data-part="group"`): its `group-header` and the `items` list it names. */
export const IDPConsentScreenGroup = forwardRef<HTMLDivElement, IDPConsentScreenGroupProps>(
  function IDPConsentScreenGroup({ group, ...props }, ref) {
    const headerId = useId();
    return (
      <Group {...props} ref={ref}>
        <GroupHeader id={headerId}>{group.header}</GroupHeader>
        <Items aria-labelledby={headerId}>
          {group.items.map((item, index) => (
            // Texts may repeat in a custom manifest: the position keeps the keys apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the items are fixed for the screen's life.
            <IDPConsentScreenItem key={`${index}-${item.text}`} item={item} />
          ))}
        </Items>
      </Group>
    );
  },
);

/**
 * The manifest (`data-part="manifest"`, `data-custom-manifest` when it is the host's): its groups, by default one,
 * '{clientName} is requesting to:' (standard scopes only) or 'Allow {clientName} to:' (a custom scope asked).
 */
export const IDPConsentScreenManifest = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function IDPConsentScreenManifest(props, ref) {
    const screen = useIDPConsentScreenContext();
    return (
      <Manifest data-custom-manifest={screen.isCustomManifest ? '' : undefined} {...props} ref={ref}>
        {props.children ??
          screen.manifest.map((group, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the groups are fixed for the screen's life.
            <IDPConsentScreenGroup key={`${index}-${group.header}`} group={group} />
          ))}
      </Manifest>
    );
  },
);

/**
 * The box of the scopes the user cannot grant (`data-part="ungrantable"`, a Radix collapsible, closed at first): the
 * `ungrantable-trigger` button 'You do not have permissions to grant {clientName} access to some of the requested
 * scopes.' opens the `ungrantable-content`: 'You cannot grant {clientName}'s request to:' (`ungrantable-header`) and
 * the `ungrantable-items`. Nothing when every scope is grantable.
 */
export const IDPConsentScreenUngrantable = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function IDPConsentScreenUngrantable(props, ref) {
    const screen = useIDPConsentScreenContext();
    const t = useIdpMessages();
    const headerId = useId();
    const [isOpen, setIsOpen] = useState(false);
    if (screen.ungrantableItems.length === 0) return null;
    const names = { clientName: screen.clientName };
    return (
      <Collapsible.Root open={isOpen} onOpenChange={setIsOpen} asChild>
        <Ungrantable {...props} ref={ref}>
          {props.children ?? (
            <>
              <Collapsible.Trigger asChild>
                <UngrantableTrigger>
                  <span>{t('idpConsent.ungrantableSummary', names)}</span>
                  <Indicator isOpen={isOpen} />
                </UngrantableTrigger>
              </Collapsible.Trigger>
              <Collapsible.Content asChild>
                <UngrantableContent>
                  <UngrantableHeader id={headerId}>{t('idpConsent.ungrantableHeader', names)}</UngrantableHeader>
                  <UngrantableItems aria-labelledby={headerId}>
                    {screen.ungrantableItems.map((item, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the items are fixed for the screen's life.
                      <IDPConsentScreenItem key={`${index}-${item.text}`} item={item} />
                    ))}
                  </UngrantableItems>
                </UngrantableContent>
              </Collapsible.Content>
            </>
          )}
        </Ungrantable>
      </Collapsible.Root>
    );
  },
);
