import { pageMetadata } from "@/lib/page-metadata";
import { StockLedger } from "./stock-ledger";

export const generateMetadata = () => pageMetadata("stock.ledger");

export default async function StockLedgerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <StockLedger id={id} />;
}
